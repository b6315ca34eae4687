"""The project's settings, root URLs and WSGI entry point, read from the
environment. Must not hold app code: that is tournaments/.
"""
