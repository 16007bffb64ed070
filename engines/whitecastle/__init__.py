"""The White Castle (Devir, 2023) against the Polish fan solo automa (Easy / Medium / Hard)."""
