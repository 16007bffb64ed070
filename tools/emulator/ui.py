"""XML UI: the source a script or save sets, and the live element tree that ``UI.setAttribute`` changes.

TTS keeps the two apart: run-time attribute changes are not written back to the save, so ``xml`` stays the
source text (what message 1 and a save carry) and ``tree`` is what a player would see and click.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field


@dataclass
class UiTree:
    xml: str
    tree: ET.Element = field(init=False)
    error: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.set_xml(self.xml)

    def set_xml(self, xml: str) -> None:
        self.xml = xml
        self.error = None
        try:
            # TTS accepts several top-level elements, so parse inside a synthetic root.
            self.tree = ET.fromstring(f"<_root>{xml}</_root>")
        except ET.ParseError as exc:
            self.tree = ET.Element("_root")
            self.error = f"XML UI does not parse: {exc}"

    def find(self, element_id: str) -> ET.Element | None:
        for el in self.tree.iter():
            if el.get("id") == element_id:
                return el
        return None

    def set_attribute(self, element_id: str, name: str, value: object) -> bool:
        el = self.find(element_id)
        if el is None:
            return False
        if name == "text" and el.tag == "Text":
            el.attrib.pop("text", None)
            el.text = _xml_value(value)
        else:
            el.set(name, _xml_value(value))
        return True

    def get_attribute(self, element_id: str, name: str) -> str | None:
        el = self.find(element_id)
        if el is None:
            return None
        if name == "text" and el.tag == "Text":
            return el.text or ""
        return el.get(name)

    def set_value(self, element_id: str, value: object) -> bool:
        el = self.find(element_id)
        if el is None:
            return False
        el.text = _xml_value(value)
        return True

    def get_value(self, element_id: str) -> str | None:
        el = self.find(element_id)
        return None if el is None else (el.text or "")

    def attributes(self, element_id: str) -> dict[str, str] | None:
        el = self.find(element_id)
        return None if el is None else dict(el.attrib)

    def to_table(self) -> list[dict[str, object]]:
        """The source as the API's XML table: ``{tag=, attributes=, children=, value=}`` per element
        (api: UI getXmlTable)."""
        return [_element_table(el) for el in ET.fromstring(f"<_root>{self.xml}</_root>")] if not self.error else []

    def set_table(self, elements: list[dict[str, object]]) -> None:
        root = ET.Element("_root")
        for item in elements:
            root.append(_element_of(item))
        self.set_xml("".join(ET.tostring(el, encoding="unicode") for el in root))

    def text_of(self, element_id: str) -> str | None:
        """What a player reads on a Text or Button element."""
        el = self.find(element_id)
        if el is None:
            return None
        return el.get("text") if el.get("text") is not None else (el.text or "").strip()


def _element_table(el: ET.Element) -> dict[str, object]:
    table: dict[str, object] = {"tag": el.tag, "attributes": dict(el.attrib)}
    if len(el):
        table["children"] = [_element_table(child) for child in el]
    if el.text and el.text.strip():
        table["value"] = el.text.strip()
    return table


def _element_of(item: dict[str, object]) -> ET.Element:
    attributes = item.get("attributes")
    pairs = sorted(attributes.items()) if isinstance(attributes, dict) else []  # a Lua table has no order
    el = ET.Element(str(item.get("tag", "Panel")), {str(k): _xml_value(v) for k, v in pairs})
    if item.get("value") is not None:
        el.text = _xml_value(item["value"])
    for child in item.get("children") or []:  # type: ignore[attr-defined]
        el.append(_element_of(dict(child)))
    return el


def _xml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
