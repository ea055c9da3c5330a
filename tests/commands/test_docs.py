"""docs/probes.md and docs/cases.md are generated from the registry and rules/: they stay in sync."""

from widening.commands.docs import generated
from widening.probes import REGISTRY, load_all, params_error


def test_generated_docs_match_the_committed_files():
    for path, text in generated().items():
        assert path.is_file(), f"{path} missing: run python -m widening.commands.docs"
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: run python -m widening.commands.docs"


def test_every_probe_has_a_doc_and_a_params_model_that_refuses_unknown_keys():
    load_all()
    for name, info in REGISTRY.items():
        assert info.module == f"widening.probes.{name}", f"{name} lives in {info.module}"
        assert "Example" in info.doc, f"{name}: the module doc gives no example"
        assert params_error(name, {"no_such_param": 1}) is not None


def test_a_misspelt_param_is_named_in_the_error():
    assert "styles_" in (params_error("text_style", {"styles_": ["italic"]}) or "")
    assert params_error("text_style", {"styles": ["italic"], "colour": "yellow"}) is None
    assert "no probe named" in (params_error("txt_style", {}) or "")
