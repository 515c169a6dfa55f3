"""docs/hosting.md and deploy/ say the same thing, and the docs point at what exists.

The deployment check (`python -m benchmarks.deployment`, docs/hosting.md "How these docs
are checked") runs the files of deploy/ on a machine; these tests keep the docs' copies of
them, their settings, the list of migrations and the links honest without one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.deployment import render_site
from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DEPLOY = ROOT / "deploy"
HOSTING = (DOCS / "hosting.md").read_text()
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)


def blocks(text: str) -> list[tuple[str, str]]:
    """(language, content) of every fenced block."""
    return [(found.group(1), found.group(2)) for found in FENCE.finditer(text)]


@pytest.mark.parametrize("name", sorted(p.name for p in DEPLOY.iterdir() if p.is_file()))
def test_the_docs_show_each_deploy_file_as_it_is(name: str) -> None:
    text = (DEPLOY / name).read_text()
    assert any(content == text for _, content in blocks(HOSTING)), (
        f"docs/hosting.md has no block equal to deploy/{name}")
    first = text.splitlines()[0]
    assert first.startswith("# /etc/") and first.split()[1].endswith(
        name.replace("nginx-nard.conf", "nard-bot")), first  # where it is installed


def test_the_env_of_the_steps_names_only_real_settings() -> None:
    [block] = [content for _, content in blocks(HOSTING) if "cat > /srv/nard-bot/.env" in content]
    env = block.split("<<END\n", 1)[1].split("\nEND\n", 1)[0]  # the heredoc: .env itself
    names = [line.split("=", 1)[0] for line in env.splitlines()]
    assert "BOT_TOKEN" in names and "WEBHOOK_SECRET" in names
    fields = {name.upper() for name in Settings.model_fields}
    assert set(names) <= fields, set(names) - fields
    unit = (DEPLOY / "nard-bot@.service").read_text()
    [environment] = re.findall(r"^Environment=(.*)$", unit, re.M)
    assert {pair.split("=")[0] for pair in environment.split()} <= fields


def test_storage_md_lists_every_migration() -> None:
    folders = [ROOT / "storage" / "migrations" / engine for engine in ("postgres", "sqlite")]
    names = [sorted(p.stem for p in folder.glob("*.sql")) for folder in folders]
    assert names[0] == names[1]
    listed = re.findall(r"^\| `(\d{4}_[a-z0-9_]+)` \|", (DOCS / "storage.md").read_text(), re.M)
    assert listed == names[0]


def test_the_site_is_rendered_for_another_machine_as_the_script_runs_it() -> None:
    text = (DEPLOY / "nginx-nard.conf").read_text()
    site = render_site(text, listen=18443, cert=Path("/x/c.pem"), key=Path("/x/k.pem"),
                       ports=[18080, 18081])
    assert "listen 127.0.0.1:18443 ssl;" in site and "letsencrypt" not in site
    assert re.findall(r"server 127\.0\.0\.1:(\d+) max_fails=0;", site) == ["18080", "18081"]
    assert "non_idempotent" in site
    defaults = render_site(text, listen=18443, cert=Path("/x/c.pem"), key=Path("/x/k.pem"),
                           ports=[18080], defaults=True)
    assert re.findall(r"^ +server 127\.0\.0\.1:(\d+);$", defaults, re.M) == ["18080"]
    assert not re.search(r"^ *proxy_next_upstream ", defaults, re.M)
    assert "proxy_next_upstream_tries 3;" in defaults


def slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text())
    return {slug(found) for found in re.findall(r"^#+ (.*)$", text, re.M)}


@pytest.mark.parametrize("doc", [*sorted(p.name for p in DOCS.glob("*.md")), "../README.md"])
def test_every_link_of_the_docs_leads_somewhere(doc: str) -> None:
    path = (DOCS / doc).resolve()
    text = FENCE.sub("", path.read_text())
    for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        linked = (path.parent / target).resolve() if target else path
        assert linked.exists(), f"{doc}: {target} does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in anchors(linked), f"{doc}: no #{anchor} in {target or doc}"


@pytest.mark.parametrize("name", ["nard-bot.service", "nard-bot@.service"])
def test_the_units_raise_the_descriptor_limit(name: str) -> None:
    """One user's 999 live sockets reached the default 1,024 descriptors: every new web
    connection failed."""
    [limit] = re.findall(r"^LimitNOFILE=(\d+)$", (DEPLOY / name).read_text(), re.M)
    assert int(limit) >= 16_384


def location(site: str, match: str) -> str:
    """The body of the nginx `location <match> {…}` block."""
    found = re.search(r"^ *location " + re.escape(match) + r" \{\n(.*?)^ *\}$", site,
                      re.M | re.S)
    assert found is not None, match
    return found.group(1)


def test_nginx_limits_each_address_on_the_web_board() -> None:
    """An unsigned flood (4,187 requests a second from one client) reached the bot whole."""
    site = (DEPLOY / "nginx-nard.conf").read_text()
    zones = dict(re.findall(r"^limit_req_zone \$binary_remote_addr zone=(\w+):\d+m "
                            r"rate=(\d+)r/s;$", site, re.M))
    assert re.search(r"^limit_conn_zone \$binary_remote_addr zone=(\w+):\d+m;$", site, re.M)
    for match, most in (("/app/", 100), ("= /app/api/live", 5)):
        block = location(site, match)
        [zone] = re.findall(r"limit_req zone=(\w+) burst=\d+ nodelay;", block)
        assert 0 < int(zones[zone]) <= most, (match, zones)
        assert "limit_req_status 429;" in block
    live = location(site, "= /app/api/live")
    assert re.search(r"limit_conn \w+ \d+;", live) and "limit_conn_status 429;" in live
    assert "limit_req" not in location(site, "= /tg/updates")  # Telegram is never refused


def steps() -> str:
    return HOSTING.split("## A Debian server, step by step", 1)[1].split("\n## ", 1)[0]


def test_two_backups_in_one_minute_are_two_files() -> None:
    unit = (DEPLOY / "nard-bot-backup.service").read_text()
    [name] = re.findall(r"--file=(.+?\.dump)", unit)
    assert "%%S" in name, name  # to the second (systemd needs %% for date's %)
    for line in re.findall(r"^.*\$\(date \+[^)]*\).*$", HOSTING, re.M):
        assert "%S" in line, line


def test_the_steps_install_what_they_use() -> None:
    text = steps()
    assert text.index("apt-get update") < text.index("apt-get install")
    assert "systemctl enable --now nard-bot-backup.timer" in text  # the upgrade starts it
    assert "cp /srv/nard-bot/deploy/nard-bot-backup.service" in text
    [certbot] = re.findall(r"^certbot certonly (?:.*\\\n)*.*$", text, re.M)
    assert "--non-interactive" in certbot and "--agree-tos" in certbot, certbot
    assert "--email" in certbot or "--register-unsafely-without-email" in certbot
    # reload fails while nginx is not running
    assert not re.search(r"^[^#\n]*systemctl reload nginx\s*$", text, re.M)
    assert "systemctl reload-or-restart nginx" in text
