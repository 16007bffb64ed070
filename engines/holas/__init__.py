"""Heroes of Land, Air & Sea against the base rulebook's solo Enemy."""
