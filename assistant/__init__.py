"""assistant: reads word games from the screen or a screenshot, and finds the best words."""

__version__ = "0.1.0"
