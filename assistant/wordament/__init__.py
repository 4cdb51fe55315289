"""Autoplay Wordament (`assistant play wordament`).

  player            read each board, drag every word, learn from the game's verdicts, round
                    after round
  feedback_watcher  the thread that reads each swipe's verdict from the colour its tiles flash
"""
