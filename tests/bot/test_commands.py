"""The command menus are registered in every language, for private chats and for groups."""

from __future__ import annotations

from bot.app import COMMANDS, GROUP_COMMANDS, register_commands
from i18n import Translator, available_languages
from testkit.harness import Harness


async def test_commands_in_every_language(harness: Harness) -> None:
    h = harness
    await register_commands(h.app.bot)
    assert [c["command"] for c in h.fake.commands()] == list(COMMANDS)
    for language in available_languages():
        t = Translator(language)
        private = h.fake.commands(language_code=language)
        assert [(c["command"], c["description"]) for c in private] == [
            (name, t(f"cmd-{name}")) for name in COMMANDS]
        groups = h.fake.commands({"type": "all_group_chats"}, language_code=language)
        assert [c["command"] for c in groups] == list(GROUP_COMMANDS)
    assert h.fake.commands(language_code="ru")[0]["description"] != h.fake.commands(
        language_code="en")[0]["description"]
