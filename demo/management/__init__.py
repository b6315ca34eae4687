"""The demo's command."""
