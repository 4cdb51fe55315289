"""A stand-in game for the overlay tests: a Tk window painted with a known pattern that prints
where it is and every click it receives, as JSON lines on stdout.

    python -m tests.overlay_game X Y W H
    stdout: {"ready": [x, y, w, h]} (where its pixels are on the screen), then {"click": [x, y]}
    (screen pixels) and {"expose": [x, y, w, h]} (window pixels: it repaints that rectangle)

Pixel (x, y) of the pattern, counted from the window's top-left corner, is pattern(x, y):
never pure red, yellow or dark grey (blue is always 128 or more), and it changes at every pixel.
"""

from __future__ import annotations

import json
import sys
import tkinter

TITLE = "Overlay game"


def pattern(x: int, y: int) -> tuple[int, int, int]:
    """Return the (r, g, b) colour the game paints at (x, y) of its window."""
    return (x * 5) % 256, (y * 7) % 256, 128 + (x + 3 * y) % 128


def photo(root: tkinter.Tk, w: int, h: int) -> tkinter.PhotoImage:
    """Return a w x h image holding the pattern."""
    image = tkinter.PhotoImage(master=root, width=w, height=h)
    rows = (" ".join("#{:02x}{:02x}{:02x}".format(*pattern(x, y)) for x in range(w))
            for y in range(h))
    image.put(" ".join("{" + row + "}" for row in rows))
    return image


def say(**message: object) -> None:
    """Print one JSON line, at once."""
    print(json.dumps(message), flush=True)


def main(x: int, y: int, w: int, h: int) -> None:
    """Show the game window and report on stdout until it is closed."""
    root = tkinter.Tk()
    root.title(TITLE)
    root.geometry(f"{w}x{h}+{x}+{y}")
    canvas = tkinter.Canvas(root, width=w, height=h, bd=0, highlightthickness=0)
    canvas.pack()
    image = photo(root, w, h)
    canvas.create_image(0, 0, image=image, anchor="nw")
    canvas.bind("<Expose>", lambda e: say(expose=[e.x, e.y, e.width, e.height]))
    canvas.bind("<Button-1>", lambda e: say(click=[e.x_root, e.y_root]))
    root.bind("<Map>", lambda e: root.after(50, lambda: say(
        ready=[canvas.winfo_rootx(), canvas.winfo_rooty(), w, h])) if e.widget is root else None)
    root.mainloop()


if __name__ == "__main__":
    main(*map(int, sys.argv[1:5]))
