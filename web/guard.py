"""Cross-site and host checks, run before every route (docs/SECURITY.md, "Cross-site requests
and host names").

* **Host**: only the companion's own names are served: the machine's host name (and its
  ``.local`` mDNS name), ``localhost``, any IP literal (IPv4 or bracketed IPv6: phones may use
  the Pi's address), the host of ``PUBLIC_URL`` and the names of the ``ALLOWED_HOSTS`` config
  key (``COMPANION_ALLOWED_HOSTS``), with or without a port. Another name in ``Host`` is a page
  of another site that rebound its DNS name to the Pi: ``403 forbidden``.
* **Origin**: a state-changing request (any method but GET, HEAD and OPTIONS) whose ``Origin``
  (or, without one, ``Referer``) is not the companion's own origin comes from another site's
  page: ``403 forbidden``. Requests with neither header (scripts, the command line) pass.
* **Content type**: a state-changing request must carry the body type its route reads:
  ``application/json`` unless the route says otherwise with :func:`accepts` (uploads:
  ``multipart/form-data``, or the file itself). A browser sends ``text/plain``, form-encoded
  and multipart bodies across sites without asking; JSON it does not. ``415
  unsupported_media_type``. A request with neither a body nor a ``Content-Type`` passes (undo,
  redo, the body-less POSTs).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from typing import Any, TypeVar
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request

from companion.i18n import msg
from web.errors import error_response
from web.i18n import request_language

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON_TYPE = "application/json"
MULTIPART = "multipart/form-data"
#: The attribute :func:`accepts` sets on a view function.
_TYPES_ATTR = "companion_body_types"
_HOSTS_KEY = "companion.own_hosts"

F = TypeVar("F", bound=Callable[..., Any])


def accepts(*types: str) -> Callable[[F], F]:
    """Declare the body types a state-changing route reads (default: ``application/json``);
    ``type/*`` matches every subtype."""

    def mark(view: F) -> F:
        setattr(view, _TYPES_ATTR, tuple(t.lower() for t in types))
        return view

    return mark


def body_types(view: Callable[..., Any] | None) -> tuple[str, ...]:
    """The body types ``view`` accepts."""
    types: tuple[str, ...] = getattr(view, _TYPES_ATTR, (JSON_TYPE,))
    return types


def own_host_names(configured: Iterable[str] = (), public_url: str | None = None) -> frozenset[str]:
    """The host names (no port, lower case) this companion answers to, IP literals aside."""
    names = {"localhost"}
    full = socket.gethostname().strip().lower().rstrip(".")
    if full:
        short = full.split(".")[0]
        names |= {full, f"{full}.local", short, f"{short}.local"}
    if public_url:
        public = urlsplit(public_url).hostname
        if public:
            names.add(public.lower().rstrip("."))
    for name in configured:
        parts = split_host(name)
        if parts is not None:
            names.add(parts[0].rstrip("."))
    return frozenset(names)


def split_host(value: str) -> tuple[str, str] | None:
    """``(host, port)`` of a ``Host`` header (port ``""`` when absent; an IPv6 host keeps its
    brackets), ``None`` when it is not one."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host, rest = value[: end + 1], value[end + 1:]
        if rest and not rest.startswith(":"):
            return None
        port = rest[1:]
    else:
        host, _, port = value.partition(":")
        if ":" in port:
            return None  # an IPv6 address without brackets
    if port and not (port.isascii() and port.isdigit()):
        return None
    return (host, port) if host else None


def is_ip_literal(host: str) -> bool:
    """An IPv4 address, or an IPv6 address in brackets."""
    try:
        if host.startswith("[") and host.endswith("]"):
            ipaddress.IPv6Address(host[1:-1])
        else:
            ipaddress.IPv4Address(host)
    except ValueError:
        return False
    return True


def host_allowed(value: str, names: frozenset[str]) -> bool:
    """Whether a ``Host`` header names this companion."""
    parts = split_host(value)
    if parts is None:
        return False
    host = parts[0]
    return is_ip_literal(host) or host.rstrip(".") in names


def _origin_of(url: str) -> tuple[str, str] | None:
    """``(scheme, host:port)`` of an origin or URL, the default port written out."""
    try:
        split = urlsplit(url.strip())
        port = split.port
    except ValueError:
        return None
    scheme = split.scheme.lower()
    if scheme not in ("http", "https") or not split.hostname:
        return None
    port = port or (443 if scheme == "https" else 80)
    host = split.hostname.lower().rstrip(".")
    if ":" in host:
        host = f"[{host}]"
    return scheme, f"{host}:{port}"


def _own_origins() -> set[tuple[str, str]]:
    """The origins of this request's own host (http and https: a proxy may end TLS) and of
    ``PUBLIC_URL``."""
    found = set()
    for scheme in ("http", "https"):
        own = _origin_of(f"{scheme}://{request.host}")
        if own is not None:
            found.add(own)
    public = current_app.config.get("PUBLIC_URL")
    if public:
        origin = _origin_of(public)
        if origin is not None:
            found.add(origin)
    return found


def _has_body() -> bool:
    return bool(request.content_length) or "chunked" in request.headers.get(
        "Transfer-Encoding", "").lower()


def _type_matches(mimetype: str, types: tuple[str, ...]) -> bool:
    for wanted in types:
        if wanted.endswith("/*") and mimetype.startswith(wanted[:-1]):
            return True
        if mimetype == wanted:
            return True
    return False


def check() -> tuple[Response, int] | None:
    """The refusal for this request, ``None`` when it may go on."""
    names: frozenset[str] = current_app.extensions[_HOSTS_KEY]
    host = request.environ.get("HTTP_HOST")
    if host is not None and not host_allowed(host, names):
        return error_response(403, "forbidden", msg(
            "the Host header names {host}, which is not this companion: open it by its own "
            "name or address (add the name to {setting} if it is one)", host=repr(host[:100]),
            setting="COMPANION_ALLOWED_HOSTS").render(request_language()))
    if request.method in SAFE_METHODS:
        return None
    origin = request.headers.get("Origin")
    header, value = ("Origin", origin) if origin is not None else (
        "Referer", request.headers.get("Referer"))
    if value is not None and _origin_of(value) not in _own_origins():
        return error_response(403, "forbidden", msg(
            "the request comes from another site ({header}: {value}); only the companion's "
            "own pages may change games", header=header, value=value[:100]
            ).render(request_language()))
    rule = request.url_rule
    if rule is None:
        return None  # no such route or method: answered 404/405 by the routing
    types = body_types(current_app.view_functions.get(rule.endpoint))
    sent = request.headers.get("Content-Type")
    if sent is None and not _has_body():
        return None
    mimetype = request.mimetype
    if not _type_matches(mimetype, types):
        lang = request_language()
        takes = msg(" or ").render(lang).join(types)
        reason = (msg("the request body is {type}; this endpoint takes {types} (set the "
                      "Content-Type header)", type=mimetype, types=takes) if mimetype else
                  msg("the request body is of no declared type; this endpoint takes {types} "
                      "(set the Content-Type header)", types=takes))
        return error_response(415, "unsupported_media_type", reason.render(lang))
    return None


def install(app: Flask) -> None:
    """Run :func:`check` before every request of ``app`` (register it before other hooks).
    Reads the ``ALLOWED_HOSTS`` (names) and ``PUBLIC_URL`` config keys when the first request
    comes."""

    @app.before_request
    def guard() -> tuple[Response, int] | None:
        if _HOSTS_KEY not in app.extensions:
            app.extensions[_HOSTS_KEY] = own_host_names(
                app.config.get("ALLOWED_HOSTS") or (), app.config.get("PUBLIC_URL"))
        return check()
