"""The decoder's every branch: completion before EOF, at EOF, lax JSON, split input, size, and bad input."""

import json

import pytest

from bridge.protocol import Decoder, ProtocolError, decode, encode
from bridge.protocol.messages import CustomToTTS, ExecuteLua


def feed_in_chunks(data: bytes, size: int) -> tuple[Decoder, object]:
    dec = Decoder()
    result = None
    for i in range(0, len(data), size):
        got = dec.feed(data[i : i + size])
        if got is not None:
            result = got
    return dec, result


def test_complete_object_is_returned_without_eof():
    dec = Decoder()
    assert dec.feed(b'{"messageID": 0}') == {"messageID": 0}
    assert dec.done


def test_incomplete_object_waits_for_more():
    dec = Decoder()
    assert dec.feed(b'{"messageID": ') is None
    assert dec.feed(b'3, "script": "return 1"}') == {"messageID": 3, "script": "return 1"}


def test_unquoted_keys_are_accepted():
    assert decode(b"{ messageID: 0 }") == {"messageID": 0}


def test_single_quoted_strings_with_braces_inside():
    assert decode(b"{ 'a': 'x}y{' }") == {"a": "x}y{"}


def test_braces_inside_strings_do_not_end_the_message():
    raw = json.dumps({"script": "t = {a = {}} -- }}}", "n": 1}).encode()
    _dec, result = feed_in_chunks(raw, 3)
    assert result == {"script": "t = {a = {}} -- }}}", "n": 1}


def test_escaped_quote_split_across_chunks():
    raw = b'{"s": "a\\"}b"}'
    for size in range(1, len(raw)):
        _, result = feed_in_chunks(raw, size)
        assert result == {"s": 'a"}b'}, size


def test_utf8_split_across_chunks():
    raw = json.dumps({"name": "Żółw — 亀 🐢"}, ensure_ascii=False).encode()
    for size in range(1, 6):
        _, result = feed_in_chunks(raw, size)
        assert result == {"name": "Żółw — 亀 🐢"}


def test_comments_are_skipped_including_braces_in_them():
    raw = b'// a } comment\n{ /* } */ "a": 1 }'
    for size in (1, 2, 5, len(raw)):
        _, result = feed_in_chunks(raw, size)
        assert result == {"a": 1}


def test_slash_at_chunk_end_waits_for_the_next_byte():
    dec = Decoder()
    assert dec.feed(b'{"a": 1 /') is None
    assert dec.feed(b"* x */ }") == {"a": 1}


def test_slash_that_is_not_a_comment_is_left_to_the_parser():
    with pytest.raises(ProtocolError):
        decode(b'{"a": 1 / 2}')


def test_multi_megabyte_message_in_small_chunks():
    script = "print('line with \\\"quotes\\\" and {braces}')\n" * 120_000
    raw = json.dumps({"messageID": 1, "scriptStates": [{"guid": "-1", "name": "Global", "script": script}]}).encode()
    assert len(raw) > 5_000_000
    _, result = feed_in_chunks(raw, 65536)
    assert result["scriptStates"][0]["script"] == script


def test_eof_completes_and_returns_the_message():
    dec = Decoder()
    assert dec.feed(b'{"a": [1, 2') is None
    dec.feed(b"]}")
    assert dec.feed_eof() == {"a": [1, 2]}


def test_eof_with_truncated_message_is_an_error():
    dec = Decoder()
    dec.feed(b'{"a": [1, 2')
    with pytest.raises(ProtocolError, match="not valid JSON"):
        dec.feed_eof()


def test_eof_without_any_bytes_is_an_error():
    with pytest.raises(ProtocolError, match="without sending"):
        Decoder().feed_eof()


def test_message_must_be_an_object():
    with pytest.raises(ProtocolError, match="must be a JSON object"):
        Decoder().feed(b"42")
    with pytest.raises(ProtocolError, match="must be a JSON object"):
        decode(b"[1, 2]")


def test_extra_data_after_the_message_is_an_error():
    with pytest.raises(ProtocolError, match="extra data"):
        Decoder().feed(b'{"a": 1} {"b": 2}')
    dec = Decoder()
    dec.feed(b'{"a": 1}')
    with pytest.raises(ProtocolError, match="extra data"):
        dec.feed(b"x")


def test_whitespace_after_the_message_is_fine():
    dec = Decoder()
    assert dec.feed(b'{"a": 1}\n') == {"a": 1}
    assert dec.feed(b"  \r\n") is None
    assert dec.feed_eof() == {"a": 1}


def test_stray_closing_bracket_is_extra_data():
    with pytest.raises(ProtocolError, match="extra data"):
        Decoder().feed(b"{}}")
    with pytest.raises(ProtocolError, match="must be a JSON object"):
        Decoder().feed(b"]")


def test_size_limit():
    dec = Decoder(max_size=10)
    with pytest.raises(ProtocolError, match="10 byte limit"):
        dec.feed(b'{"a": "0123456789"}')


def test_invalid_utf8_is_named():
    with pytest.raises(ProtocolError, match="UTF-8"):
        decode(b'{"a": "\xff"}')


def test_byte_order_mark_is_accepted():
    assert decode(b'\xef\xbb\xbf{"a": 1}') == {"a": 1}


def test_encode_is_strict_json_and_leaves_out_absent_fields():
    raw = encode(ExecuteLua(script="return 1"))
    assert json.loads(raw) == {"messageID": 3, "guid": "-1", "script": "return 1"}
    assert encode({"x": "é"}) == '{"x":"é"}'.encode()


def test_encode_keeps_nulls_inside_custom_data():
    assert json.loads(encode(CustomToTTS(customMessage={"a": None}))) == {
        "messageID": 2,
        "customMessage": {"a": None},
    }


def test_lazy_decoder_parses_only_at_eof():
    dec = Decoder(eager=False)
    assert dec.feed(b'{"a": 1}') is None
    assert not dec.done
    assert dec.feed_eof() == {"a": 1}
    with pytest.raises(ProtocolError, match="not valid JSON"):
        lazy = Decoder(eager=False)
        lazy.feed(b'{"a": ')
        lazy.feed_eof()


def test_leading_whitespace_alone_waits():
    dec = Decoder()
    assert dec.feed(b"  \n") is None
    assert dec.feed(b'{"a": 1}') == {"a": 1}


def test_comments_after_the_message_are_fine_in_any_chunking():
    """JSON5 reads comments after the value as space (issue 31, item 9)."""
    raw = b'{"a": 1} // one\n/* two } { */ // three'
    for size in range(1, len(raw) + 1):
        dec, result = feed_in_chunks(raw, size)
        assert result == {"a": 1}, size
        assert dec.feed_eof() == {"a": 1}
    lazy = Decoder(eager=False)
    lazy.feed(raw)
    assert lazy.feed_eof() == {"a": 1}


@pytest.mark.parametrize("tail", [b" x", b" /x", b" // c\n x", b" /* c */ {}"])
def test_data_after_a_comment_after_the_message_is_extra_data(tail: bytes):
    with pytest.raises(ProtocolError, match="extra data"):
        feed_in_chunks(b'{"a": 1}' + tail, 1)
    with pytest.raises(ProtocolError, match="extra data"):
        decode(b"{a: 1}" + tail)  # lax: JSON5 would refuse it too, and it is named for what it is


def test_too_deep_at_names_depth_only():
    from bridge.protocol.codec import too_deep_at

    assert too_deep_at(b'{"messageID": 2} // comment') is None
    assert too_deep_at(b'{"messageID": 2} x') is None  # refused elsewhere, for that reason
    assert too_deep_at(b"{a: " + b"[" * 300) == 4 + 256


def test_the_ascii_spaces_json5_reads_may_come_before_and_after_the_message():
    raw = b'\x0b\x0c {messageID: 2, message: "x"} \x0c\x0b'
    assert decode(raw) == {"messageID": 2, "message": "x"}
    _, result = feed_in_chunks(raw, 1)
    assert result == {"messageID": 2, "message": "x"}
