"""The cash box's reads: the summary (summary.py) and the treasurer's
spreadsheet (export.py)."""
