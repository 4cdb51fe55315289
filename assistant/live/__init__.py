"""What every live command (`play wordament`, `overlay bookworm|wordfeud|scrabble|wwf`) shares:
the game on the live screen (target.py: the window followed or the --region, captures checked,
the board read once the screen keeps still, change detection)."""
