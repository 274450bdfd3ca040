"""Research interfaces: every game as a PettingZoo, Gymnasium and OpenSpiel environment,
built on fixed-size encodings of what a seat is shown (``encoding.py``)."""
