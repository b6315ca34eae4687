import os, time
os.environ.setdefault('DJANGO_SETTINGS_MODULE','config.settings')
import django; django.setup()
from django.urls import get_resolver; get_resolver().url_patterns
import django.core.handlers.wsgi
