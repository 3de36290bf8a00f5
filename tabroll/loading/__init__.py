"""Loading scenario files: safe YAML with positions (:mod:`.yaml_source`) and player-friendly validation.

Only the YAML half is imported here, so ``import tabroll.loading`` stays free of pydantic; import
:mod:`tabroll.loading.validation` where models are validated.
"""

from tabroll.loading.yaml_source import (
    DEFAULT_LIMITS,
    YamlDocument,
    YamlLimits,
    format_path,
    load_yaml_file,
    load_yaml_text,
)

__all__ = ["DEFAULT_LIMITS", "YamlDocument", "YamlLimits", "format_path", "load_yaml_file", "load_yaml_text"]
