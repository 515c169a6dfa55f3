"""The web API's typed answers (`web/schema.py`) against docs/web.md and against the answers
the web door really sends: every `{…}` the docs write is a type's keys, the tables of fields
list a type's fields, every type is described, and real answers conform to their types."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest
from pydantic import ValidationError
from typing_extensions import TypedDict, is_typeddict

from engine.dice import SeededDice
from testkit.shapes import (
    code_spans,
    compare,
    inner,
    keys,
    nested,
    origin,
    row_fields,
    shapes,
    table,
)
from testkit.web import (
    ALI,
    VALI,
    WebHarness,
    computer_game,
    conforming,
    pushed,
)
from web import schema

DOCS = Path(__file__).parents[2] / "docs" / "web.md"
# The tables of fields and the type each lists.
TABLES = {"### The state of a game": schema.GameState,
          "### The board's layout": schema.Layout}


def types_of(module: Any) -> dict[str, Any]:
    """The TypedDicts a module defines."""
    return {name: value for name, value in vars(module).items()
            if is_typeddict(value) and value.__module__ == module.__name__}


def roots(module: Any) -> set[Any]:
    """What the web door sends (`Answer`, `Push`) and reads (the `…Body` types), and every
    type nested in them."""
    found: set[Any] = set()
    todo = [*get_args(module.Answer), *get_args(module.Push),
            *(tp for name, tp in types_of(module).items() if name.endswith("Body"))]
    while todo:
        tp = origin(todo.pop())
        if tp not in found:
            found.add(tp)
            todo += [t for hint in get_type_hints(tp).values() for t in nested(hint)]
    return found


def shape_problems(markdown: str, types: dict[str, Any], seen: set[Any]) -> list[str]:
    """Every shape the docs write must be a type's keys (and its nested shapes the
    field's own type's)."""
    problems = []
    todo = [shape for span in code_spans(markdown) for shape in shapes(span)]
    while todo:
        shape = todo.pop()
        if shape.mapping:  # any keys: its values' shapes are checked on their own
            todo += [item.value for item in shape.items.values() if item.value is not None]
            continue
        candidates = [tp for tp in types.values() if keys(tp) == (shape.required, shape.optional)]
        if not candidates:
            near = max(types.values(), key=lambda tp: len(set.union(*keys(tp))
                                                          & set(shape.items)))
            problems.append(f"{shape.text}: no type of web/schema.py has these keys "
                            f"(the nearest: {near.__name__}, {sorted(set.union(*keys(near)))})")
            continue
        found = [compare(shape, tp, seen) for tp in candidates]
        if all(found):
            problems += found[0]
    return problems


def table_problems(markdown: str, heading: str, tp: Any, seen: set[Any]) -> list[str]:
    """A table of fields must list exactly `tp`'s fields, each shape its field's type."""
    problems, listed = [], []
    hints = get_type_hints(tp)
    for first, meaning in table(markdown, heading):
        fields = row_fields(first)
        listed += fields
        written = shapes(meaning.replace("\\|", "|"))
        for name in fields:
            if name in hints and written:
                problems += compare(written[0], inner(hints[name]), seen)
    required, optional = keys(tp)
    if set(listed) != required | optional or len(listed) != len(set(listed)):
        problems.append(f"{heading}: only in the code {sorted(required | optional - set(listed))}"
                        f", only in the docs {sorted(set(listed) - required - optional)}")
    if not problems:
        seen.add(tp)
    return problems


def docs_problems(markdown: str, module: Any) -> list[str]:
    seen: set[Any] = set()
    problems = shape_problems(markdown, types_of(module), seen)
    for heading, tp in TABLES.items():
        problems += table_problems(markdown, heading, getattr(module, tp.__name__), seen)
    for tp in sorted(roots(module) - seen, key=lambda tp: tp.__name__):
        problems.append(f"{tp.__name__} ({sorted(set.union(*keys(tp)))}) is not described "
                        "in docs/web.md")
    return problems


def test_docs_web_md_describes_every_answer_of_the_schema() -> None:
    assert docs_problems(DOCS.read_text(encoding="utf-8"), schema) == []


def test_every_type_is_sent_or_read() -> None:
    """Every TypedDict of the schema is an answer, a push, a request or part of one, but
    `Board`: the fields a state and a replay's frame share."""
    assert set(types_of(schema).values()) - roots(schema) == {schema.Board}


@pytest.mark.parametrize("old, new", [("`you_act`", "`you_acts`"),  # a table's field
                                      ("{searching, search, game}", "{seeking, search, game}"),
                                      ("src?, dst?}", "src, dst?}"),  # left out at times
                                      ("{value, owner: ", "{value, owner, colour: ")])
def test_the_check_fails_on_a_key_renamed_in_the_docs(old: str, new: str) -> None:
    markdown = DOCS.read_text(encoding="utf-8")
    assert old in markdown
    assert docs_problems(markdown.replace(old, new), schema) != []


class _Renamed:
    """`web.schema` with the search's `searching` renamed, as a code change would."""

    class Search(TypedDict):
        seeking: bool
        search: int | None
        game: int | None


def test_the_check_fails_on_a_key_renamed_in_the_code() -> None:
    renamed = type(schema)("web.schema")
    vars(renamed).update(vars(schema))
    _Renamed.Search.__module__ = "web.schema"
    renamed.Search = _Renamed.Search
    renamed.Answer = schema.Answer | _Renamed.Search
    problems = docs_problems(DOCS.read_text(encoding="utf-8"), renamed)
    assert any("{searching, search, game}" in p for p in problems), problems
    assert any(p.startswith("Search (['game', 'search', 'seeking'])") for p in problems)


# -- real answers ------------------------------------------------------------------------


async def test_real_answers_conform_to_their_types(wh: WebHarness) -> None:
    """The answers of the calls the page makes, each against its own type (every answer
    of the web tests is checked against the union too: `WebHarness.call`)."""
    wh.core.games.dice = SeededDice(7)
    game = await computer_game(wh)

    async def answer(tp: Any, method: str, path: str, status: int = 200, user: int = ALI,
                     body: Any = None) -> Any:
        got, data = await wh.call(method, path, user, body)
        assert got == status, data
        return conforming(tp, data)

    session = await answer(schema.Session, "GET", "api/session")
    assert session["active"] == game and session["layout"]["width"] > 0
    await answer(schema.Lobby, "GET", "api/games")
    state = await answer(schema.GameState, "GET", f"api/games/{game}")
    await answer(schema.BusyIn, "POST", "api/games", 409,
                 body={"variant": "short", "level": "beginner"})
    await answer(schema.ResignCost, "GET", f"api/games/{game}/resign")
    await answer(schema.Error, "GET", "api/games/999999", 404)
    got, data = await wh.call("GET", "api/session", headers={"Authorization": "tma forged"})
    assert got == 401 and conforming(schema.WordedError, data)
    for _ in range(50):  # to Ali's move (the computer may open)
        if state["you_act"] and state["phase"] == "move":
            break
        if state["can"]["roll"]:
            state = (await answer(schema.Applied, "POST", f"api/games/{game}/actions",
                                  body={"act": "roll", "version": state["version"]}))["state"]
        else:
            state = await answer(schema.GameState, "GET", f"api/games/{game}")
    assert state["can"]["hint"], state
    await answer(schema.Hint, "GET", f"api/games/{game}/hint")
    src, targets = next(iter(state["movable"].items()))
    applied = await answer(schema.Applied, "POST", f"api/games/{game}/actions", body={
        "act": "go", "src": int(src), "dst": int(next(iter(targets))),
        "version": state["version"]})
    await answer(schema.Refused, "POST", f"api/games/{game}/actions", 409,
                 body={"act": "undo", "version": state["version"]})  # stale
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await socket.send_json({"auth": wh.init_data(ALI), "game": game, "version": 0})
        push = conforming(schema.StatePush, await pushed(socket))
        assert push["state"]["version"] == applied["state"]["version"]
    search = await answer(schema.Search, "POST", "api/search", user=VALI,
                          body={"variant": "short"})
    await answer(schema.Search, "GET", f"api/search/{search['search']}", user=VALI)
    await answer(schema.Cancelled, "DELETE", "api/search", user=VALI)
    # A finished game's result and replay.
    over = (await answer(schema.Applied, "POST", f"api/games/{game}/actions", body={
        "act": "resign", "version": applied["state"]["version"]}))["state"]
    assert over["result"] is not None and "skill" in over["result"]
    frames = await answer(schema.Frames, "GET", f"api/games/{game}/frames")
    assert frames["frames"][-1]["result"] is not None
    # Held strictly: a renamed key, a key left over or a value of another type is refused.
    for wrong in ({**search, "seeking": search.pop("searching")}, {**search, "extra": 1},
                  {**search, "searching": 1}):
        with pytest.raises(ValidationError):
            conforming(schema.Search, wrong)
    with pytest.raises(ValidationError):
        conforming(schema.GameState, {**state, "result": {"winner": "viewer"}})
