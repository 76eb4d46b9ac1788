"""What the titles' engines share.

* The engine shape: :mod:`.engine` (``ModuleGame``, a title's modules as the game surface),
  :mod:`.dispatch` (``apply`` as a table of handlers, and the modes), :mod:`.evolve` (a copy of
  a frozen state with some fields changed).
* The scoring kit of the Sushi Go titles: :mod:`.nigiri` (nigiri on wasabi), :mod:`.sets` (set
  and count tables), :mod:`.majority` (majority and most/fewest awards with each edition's tie
  rule).
* Records and screens: :mod:`.record` (readers of a record's ``final``), :mod:`.view`,
  :mod:`.events`, :mod:`.wording`.
"""
