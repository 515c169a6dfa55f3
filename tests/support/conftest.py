from testkit.fixtures import fake_bot, fake_telegram

__all__ = ["fake_bot", "fake_telegram"]
