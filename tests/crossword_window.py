"""A practice window for the crossword overlay: a real Tk window that shows screenshots one after
the other, as a game goes on (a mirrored phone, a browser), each drawn pixel for pixel.

    python -m tests.crossword_window --title "Pixel 4a" --at 40,30 a.png b.png c.png

Each image is shown at its own size (the caller sizes them to the window it wants); the window
is as big as the first. Once shown it prints {"ready": [x, y, w, h]} (its client area on the
screen). Each JSON line {"next": true} on stdin shows the next image (the last stays) and
prints {"shown": [i, t]} once it is on the screen (t: time.monotonic(), the same clock as the
caller's on this machine). With --every S it moves on by itself every S seconds. A click in the
window prints {"click": [x, y]} (screen pixels): what a click through the overlay reached.
"""

from __future__ import annotations

import argparse
import base64
import json
import queue
import sys
import threading
import time
from pathlib import Path


def say(**fields: object) -> None:
    """Print one JSON line at once."""
    print(json.dumps(fields), flush=True)


def photo(path: str):
    """Return a Tk photo image of a PNG file (Tk reads PNG itself)."""
    import tkinter as tk

    return tk.PhotoImage(data=base64.b64encode(Path(path).read_bytes()).decode("ascii"))


def main() -> None:
    """Open the window and show the images as asked, until killed."""
    parser = argparse.ArgumentParser()
    parser.add_argument("images", nargs="+")
    parser.add_argument("--title", default="Pixel 4a")
    parser.add_argument("--at", default="40,30", help="X,Y of the window's top-left corner")
    parser.add_argument("--every", type=float, help="show the next image every S seconds")
    args = parser.parse_args()
    import tkinter as tk

    root = tk.Tk()
    root.title(args.title)
    images = [photo(path) for path in args.images]
    x, y = args.at.split(",")
    root.geometry(f"{images[0].width()}x{images[0].height()}+{x}+{y}")
    label = tk.Label(root, image=images[0], borderwidth=0, highlightthickness=0)
    label.place(x=0, y=0)
    shown = [0]

    def show_next() -> None:
        """Show the next image and say when it is on the screen."""
        shown[0] = min(shown[0] + 1, len(images) - 1)
        label.configure(image=images[shown[0]])
        root.update_idletasks()
        root.winfo_pointerxy()  # a round trip: the X server has drawn it
        say(shown=[shown[0], time.monotonic()])

    asked: queue.Queue[bool] = queue.Queue()

    def listen() -> None:
        """Read the commands on stdin (on a thread of its own)."""
        for line in sys.stdin:
            asked.put(bool(json.loads(line).get("next")))

    def poll() -> None:
        """Do what was asked, in Tk's thread, every 5 ms."""
        while not asked.empty():
            if asked.get():
                show_next()
        root.after(5, poll)

    def every() -> None:
        """Move on by itself."""
        show_next()
        root.after(round(args.every * 1000), every)

    root.bind("<ButtonPress-1>", lambda e: say(click=[e.x_root, e.y_root]))
    threading.Thread(target=listen, daemon=True).start()
    root.after(5, poll)
    if args.every:
        root.after(round(args.every * 1000), every)
    root.update()
    root.after(200, lambda: say(ready=[root.winfo_rootx(), root.winfo_rooty(),
                                       root.winfo_width(), root.winfo_height()]))
    root.mainloop()


if __name__ == "__main__":
    main()
