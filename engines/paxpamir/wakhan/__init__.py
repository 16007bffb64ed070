"""Wakhan, the Pax Pamir automated opponent (spec Part B; rule text ``shared/rules/000_a9c813969303d7fb.txt``).

Her choices are pure functions of the state: each returns a decision with the card line and the priority step
that decided it. The engine's seat rules (pragmatic loyalty, ruling, influence, her AI deck) are in the rules
engine itself.
"""
