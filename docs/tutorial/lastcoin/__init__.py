"""Last Coin: the tutorial's bot (docs/writing-a-bot.md), grown from the skeleton 'automa new' writes.

Ten coins lie in a row on a board. In turn, each player takes one to three of them (the rule card says how many)
into their own bowl; whoever takes the last coin wins.
"""
