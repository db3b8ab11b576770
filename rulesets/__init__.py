"""The bundled rulesets (shipped inside the package as hocdsl.rulesets)."""
