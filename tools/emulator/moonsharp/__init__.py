"""The emulator's MoonSharp layer: what makes Lua 5.2 (lupa) answer as MoonSharp 2.0, the interpreter TTS embeds.

Facts are MoonSharp 2.0.0.0's measured outputs (``bridge/doctor/moonsharp-dialect.json``, a copy of
``shared/data/moonsharp-dialect.json``) and Berserk-Games' ``JSON.lua``, which TTS runs inside MoonSharp. Strings
stay UTF-8 in the Lua 5.2 VM; where MoonSharp's answer depends on its strings being .NET UTF-16 strings, the
functions here work on the UTF-16 code units of the text (``text.py``).
"""
