"""Hand-off of finished games to other score keepers (issue 27 item A.3): BG Stats' push-play
link (:mod:`.bgstats`) and CSV, one row a player a game (:mod:`.table`). Both read the past
games' summaries (:mod:`companion.session.past`); the project's own record file is
:mod:`companion.session.records`."""
