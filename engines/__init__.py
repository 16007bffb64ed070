"""Game plugins: each game is one sub-package with its rules, bot, table layout and data."""
