"""irc.config: one boolean parser for every variable, unknown names and options rejected, patch(), and the
README's table naming exactly the settings there are."""

import re
from pathlib import Path

import pytest

from irc import config, debug
from irc.runtime import autotune, kernel_binary

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text", ["0", "false", "False", "FALSE", "no", "off", ""])
def test_a_variable_saying_off_means_off(monkeypatch, text):
    monkeypatch.setenv("IRC_DEBUG", text)
    assert config.debug is False and not debug.enabled()
    monkeypatch.setenv("IRC_AUTOTUNE", text)
    monkeypatch.setenv("IRC_KERNEL_BINARY_CACHE", text)
    assert not autotune.enabled() and not kernel_binary.enabled()


@pytest.mark.parametrize("text", ["1", "true", "True", "yes", "ON"])
def test_a_variable_saying_on_means_on(monkeypatch, text):
    monkeypatch.setenv("IRC_CHECK_ROUNDTRIP", text)
    assert config.check_roundtrip is True


def test_a_variable_neither_on_nor_off_is_an_error_naming_it(monkeypatch):
    monkeypatch.setenv("IRC_MM_TMA", "maybe")
    with pytest.raises(ValueError, match="IRC_MM_TMA"):
        config.mm_tma
    monkeypatch.setenv("IRC_COMPILE_THREADS", "four")
    with pytest.raises(ValueError, match="IRC_COMPILE_THREADS"):
        config.compile_threads


def test_unknown_names_and_wrong_types_are_rejected():
    with pytest.raises(AttributeError, match="no setting 'degub'.*debug"):
        config.degub = True
    with pytest.raises(AttributeError, match="no setting 'degub'"):
        config.degub
    with pytest.raises(TypeError, match="debug must be a bool"):
        config.debug = "1"
    with pytest.raises(AttributeError):
        with config.patch(degub=True):
            pass


def test_code_settings_win_over_the_environment_and_patch_restores_them(monkeypatch):
    monkeypatch.setenv("IRC_AUTOTUNE", "1")
    with config.patch(autotune=False):
        assert not autotune.enabled()
    assert autotune.enabled()

    @config.patch("max_autotune", True)
    def inside():
        return config.max_autotune

    assert inside() is True and config.max_autotune is False


def test_after_monkeypatch_undoes_a_setting_its_variable_counts_again(monkeypatch):
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(config, "debug", True)
    monkeypatch.setenv("IRC_DEBUG", "1")
    assert config.debug is True


def test_an_unknown_compile_option_raises_naming_the_known_ones():
    from irc.backend import check_option_keys

    check_option_keys({"max_autotune": True, "triton.cudagraphs": False})
    with pytest.raises(ValueError, match="'max_autotun'.*'max_autotune', 'triton.cudagraphs', 'cudagraphs'"):
        check_option_keys({"max_autotun": True})


def test_torch_compile_passes_unknown_options_to_that_check():
    import torch

    compiled = torch.compile(lambda x: x + 1, backend="irc", options={"epilogue_fusion": True})
    with pytest.raises(Exception, match="unknown torch.compile option"):
        compiled(torch.randn(3))


def test_the_readme_table_names_every_setting_and_no_other():
    rows = re.findall(r"^\| `(IRC_[A-Z_]+)` \| `([a-z_]+)` \|", (ROOT / "README.md").read_text(), re.M)
    assert rows == [(s.variable, name) for name, s in config.SETTINGS.items()]


def test_no_module_reads_an_irc_variable_itself():
    readers = re.compile(r"environ(?:\.get)?\(?\[?\s*[\"']IRC_|getenv\(\s*[\"']IRC_")
    found = [str(path.relative_to(ROOT)) for folder in ("irc", "dialects", "passes", "tools")
             for path in (ROOT / folder).rglob("*.py") if readers.search(path.read_text())]  # fmt: skip
    assert found == ["irc/runtime/cache.py"]  # IRC_CACHE_DIR, with config.cache_dir as its default
