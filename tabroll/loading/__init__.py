"""Loading scenario files: safe YAML with positions (:mod:`.yaml_source`) and player-friendly validation
(:mod:`.validation`, which imports pydantic: import it where models are validated)."""
