"""The cash box's template filters (`{% load cash_display %}`)."""
