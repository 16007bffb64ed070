"""51st State: Master Set against the solo rules' virtual player."""
