"""Pure game logic: lexicon, rules and solvers. Standard library only; no file, screen or mouse."""
