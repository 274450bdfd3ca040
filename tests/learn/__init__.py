"""Tests of learned evaluation (cardtable.learn)."""
