// A stand-in for Telegram's telegram-web-app.js, for local play and tests (no network).
// Like Telegram's script it reads the launch parameters from the page's address
// (#tgWebAppData=<init data>&tgWebAppThemeParams=<json>&tgWebAppStartParam=<param>) and
// offers the same Telegram.WebApp interface; the buttons and feedback do nothing here.
(() => {
  const hash = new URLSearchParams(location.hash.slice(1));
  const initData = hash.get("tgWebAppData") || sessionStorage.getItem("tgWebAppData") || "";
  if (initData) sessionStorage.setItem("tgWebAppData", initData);
  let themeParams = {};
  try { themeParams = JSON.parse(hash.get("tgWebAppThemeParams") || "{}"); } catch (e) { /* none */ }
  const unsafe = Object.fromEntries(new URLSearchParams(initData));
  try { unsafe.user = JSON.parse(unsafe.user || "null"); } catch (e) { unsafe.user = null; }
  const startParam = hash.get("tgWebAppStartParam") || unsafe.start_param || null;
  const handlers = {};
  const button = () => {
    const clicks = new Set();
    return {
      isVisible: false, text: "", show() { this.isVisible = true; return this; },
      hide() { this.isVisible = false; return this; }, setText(t) { this.text = t; return this; },
      onClick(f) { clicks.add(f); return this; }, offClick(f) { clicks.delete(f); return this; },
      enable() { return this; }, disable() { return this; },
      showProgress() { return this; }, hideProgress() { return this; },
      setParams(p) { Object.assign(this, p || {}); return this; },
      click() { clicks.forEach((f) => f()); },
    };
  };
  const dark = (themeParams.bg_color || "#ffffff").toLowerCase() < "#808080";
  window.Telegram = {
    WebApp: {
      initData, initDataUnsafe: { ...unsafe, start_param: startParam },
      version: "8.0", platform: "local", colorScheme: dark ? "dark" : "light", themeParams,
      isExpanded: true, viewportHeight: innerHeight, viewportStableHeight: innerHeight,
      isClosingConfirmationEnabled: false,
      ready() {}, expand() {}, close() { history.back(); },
      enableClosingConfirmation() { this.isClosingConfirmationEnabled = true; },
      disableClosingConfirmation() { this.isClosingConfirmationEnabled = false; },
      onEvent(name, f) { (handlers[name] = handlers[name] || new Set()).add(f); },
      offEvent(name, f) { handlers[name]?.delete(f); },
      BackButton: button(), MainButton: button(), SecondaryButton: button(),
      HapticFeedback: { impactOccurred() {}, notificationOccurred() {}, selectionChanged() {} },
      openTelegramLink(url) { window.open(url, "_blank"); },
      openLink(url) { window.open(url, "_blank"); },
      showAlert(text, done) { alert(text); if (done) done(); },
      showConfirm(text, done) { const ok = confirm(text); if (done) done(ok); },
    },
  };
})();
