"""Optional features, one package each (STYLE.md « Optional features live in
their own packages »): everything a feature adds, with the core's layers
inside. The core never imports a feature."""
