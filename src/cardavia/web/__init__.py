"""The web site: pages, the live table over a WebSocket, and persistence."""
