"""Mahjong scoring service: Chuzhou and Yueqing rulesets over HTTP.

The layers, top to bottom, and the path of a request: docs/architecture.md. The application
is ``service.api.app.create_app``; the core's front door for a library is ``service.scoring``.
"""
