"""Practice windows: real Tk windows that look and play like the games (demo, end-to-end tests)."""
