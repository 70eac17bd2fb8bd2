"""Puzzle scenarios cut from simulated games (``generate``)."""
