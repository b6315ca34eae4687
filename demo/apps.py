"""The demo as an installed app: its command, `manage.py demo`."""

from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "demo"
