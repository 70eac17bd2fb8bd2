"""*Where is the Canary?* (カナリアはいずこ？): rules, records, model, counter, advice.

Modules, one concern each: ``cards`` (attributes and the 26 kinds), ``board``
(squares and geometry), ``rules`` (variants, legal turns, replay into observations),
``record`` (TOML reader/writer), ``simulator`` (random legal games), ``encoder``
(CP-SAT model, one function per rule), ``counter`` (exact world counting),
``session`` / ``analysis`` / ``reasoning`` / ``advice`` (the CLI's questions) and
``text`` (English and Japanese sentences).
"""
