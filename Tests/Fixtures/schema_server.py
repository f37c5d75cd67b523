"""A schema server on loopback for keepsake's tests (never a public address).

    python3 schema_server.py FOLDER PORT_FILE

Serves FOLDER's files; writes the port it listens on to PORT_FILE and each request's path, a line
each, to FOLDER/../hits.log. Besides files:
  /r/PATH         302 to /PATH (a redirect)
  /loop           302 to /loop (a redirect cycle)
  /slow/PATH      PATH, after 30 seconds
"""
import http.server
import os
import sys
import threading
import time

folder, port_file = sys.argv[1], sys.argv[2]
hits = os.path.join(os.path.dirname(os.path.abspath(folder)), "hits.log")
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        with lock, open(hits, "a") as log:
            log.write(self.path + "\n")
        if self.path.startswith("/r/"):
            return self.redirect(self.path[2:])
        if self.path == "/loop":
            return self.redirect("/loop")
        path = self.path
        if path.startswith("/slow/"):
            time.sleep(30)
            path = path[5:]
        file = os.path.join(folder, path.lstrip("/"))
        if not os.path.isfile(file):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        with open(file, "rb") as f:
            body = f.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def redirect(self, target):
        self.send_response(302)
        self.send_header("Location", target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(port_file + ".partial", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(port_file + ".partial", port_file)
server.serve_forever()
