"""What every live command (`play wordament`, `overlay bookworm|wordfeud|scrabble|wwf`) shares.

  target    the game on the live screen: the window followed or the --region, captures
            checked, the board read once the screen keeps still
  changes   change on the screen told cheaply from small grey pictures (and an overlay's own
            pixels put back first)
  stopping  the stop key, the fail-safe corner, --seconds and signals: one way out, the report
            kept, the exit status that fits
"""
