// A stand-in for Telegram's telegram-web-app.js, for local play (python -m bot --local) and
// the browser tests (no internet). Like Telegram's script it reads the page's hash
// (#tgWebAppData=<init data>&tgWebAppThemeParams=<JSON>&tgWebAppColorScheme=light|dark&
// tgWebAppStartParam=<param>) and offers window.Telegram.WebApp; its methods only record
// that they were called (window.__tg.calls), so tests can see what the page asked of
// Telegram. The init data is kept for the tab (a reload keeps its player).
(function () {
  "use strict";
  var hash = new URLSearchParams(window.location.hash.slice(1));
  var initData = hash.get("tgWebAppData") || sessionStorage.getItem("tgWebAppData") || "";
  if (initData) sessionStorage.setItem("tgWebAppData", initData);
  var themeParams = {};
  try {
    themeParams = JSON.parse(hash.get("tgWebAppThemeParams") || "{}");
  } catch (e) {
    themeParams = {};
  }
  var fields = new URLSearchParams(initData);
  var user = null;
  try {
    user = JSON.parse(fields.get("user"));
  } catch (e) {
    user = null;
  }
  var calls = [];
  var handlers = {};
  function record(name) {
    return function () {
      calls.push([name].concat(Array.prototype.slice.call(arguments)));
    };
  }
  var backButton = {
    isVisible: false,
    show: function () { calls.push(["BackButton.show"]); backButton.isVisible = true; },
    hide: function () { calls.push(["BackButton.hide"]); backButton.isVisible = false; },
    onClick: function (fn) { (handlers.backButtonClicked = handlers.backButtonClicked || []).push(fn); },
    offClick: function () { handlers.backButtonClicked = []; },
  };
  var app = {
    initData: initData,
    initDataUnsafe: {
      user: user,
      start_param: hash.get("tgWebAppStartParam") || fields.get("start_param") || undefined,
    },
    version: "8.0",
    platform: hash.get("tgWebAppPlatform") || "tdesktop",
    isFullscreen: false,
    colorScheme: hash.get("tgWebAppColorScheme") || "light",
    themeParams: themeParams,
    isExpanded: true,
    isClosingConfirmationEnabled: false,
    viewportHeight: window.innerHeight,
    viewportStableHeight: window.innerHeight,
    ready: record("ready"),
    expand: record("expand"),
    close: record("close"),
    disableVerticalSwipes: record("disableVerticalSwipes"),
    isVersionAtLeast: function (version) { return parseFloat(version) <= 8.0; },
    requestFullscreen: function () {
      calls.push(["requestFullscreen"]);
      app.isFullscreen = true;
    },
    enableClosingConfirmation: function () {
      calls.push(["enableClosingConfirmation"]);
      app.isClosingConfirmationEnabled = true;
    },
    disableClosingConfirmation: function () {
      calls.push(["disableClosingConfirmation"]);
      app.isClosingConfirmationEnabled = false;
    },
    openLink: function (url) { calls.push(["openLink", url]); window.open(url, "_blank"); },
    openTelegramLink: function (url) { calls.push(["openTelegramLink", url]); },
    shareMessage: record("shareMessage"),
    shareToStory: record("shareToStory"),
    onEvent: function (name, fn) { (handlers[name] = handlers[name] || []).push(fn); },
    offEvent: function () {},
    BackButton: backButton,
    HapticFeedback: {
      impactOccurred: record("impactOccurred"),
      notificationOccurred: record("notificationOccurred"),
      selectionChanged: record("selectionChanged"),
    },
  };
  window.__tg = {
    calls: calls,
    // What the Telegram client would do: press its Back button, resize the viewport.
    back: function () { (handlers.backButtonClicked || []).forEach(function (fn) { fn(); }); },
    emit: function (name) { (handlers[name] || []).forEach(function (fn) { fn.call(app); }); },
  };
  window.Telegram = { WebApp: app };
})();
