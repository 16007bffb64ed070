"""Three in a Row: a tiny complete game, the example every real game plugin follows."""
