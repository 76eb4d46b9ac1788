"""Rules engines, one package per title, found through :func:`find_game`."""

from companion.games.registry import GAME_IDS, UnknownGame, available_games, find_game

__all__ = ["GAME_IDS", "UnknownGame", "available_games", "find_game"]
