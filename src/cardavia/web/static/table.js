// The live table (placeholder, being written): connects and shows the server's state as text.
const root = document.getElementById("table");
if (root) {
  const url = new URL(root.dataset.ws, location.href);
  url.protocol = url.protocol.replace("http", "ws");
  const ws = new WebSocket(url);
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    const status = root.querySelector('[data-role="status"]');
    if (status && msg.type === "state") status.textContent = JSON.stringify(msg.legal);
  };
}
