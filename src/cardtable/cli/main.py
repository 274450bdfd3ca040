"""The cardtable command line (placeholder until the CLI lands)."""

import typer

app = typer.Typer()
