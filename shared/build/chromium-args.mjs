// How e2e and the benches start Debian's Chromium: headless, no sandbox (root in CI), no GPU, and
// nothing of its own on the network.
//
// The last switch turns off the omnibox popup's WebUI, which headless Chromium 156 loads in a
// renderer of its own ("WebUI Top Renderer", chrome://omnibox-popup.top-chrome/) for some of the
// windows a new browser context opens: in 7 of 20 cold loads, 0.8-1.7 s of CPU within the load's
// first second, on a 2-core machine (traced: it took as much of the CPU as the page's own
// renderer). Which loads it hit was chance, so the page-load bench's ratios drew noise of several
// hundred ms from it. All four features had to go: with any one left on, it still came (0 of 32
// loads with all four off).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
];
