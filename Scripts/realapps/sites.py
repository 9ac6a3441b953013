#!/usr/bin/env python3
"""An independent finder of animation sites in Swift source (no motionsync code).

    sites.py PATH... [--json] [--all]

PATH is a .swift file or a folder (searched recursively for .swift files). Prints one site
per line, `file:line:column: form`, sorted by file, line, column; --json prints a list of
{"file","line","column","form","core","label","callee"} objects instead. Paths are printed
as found under PATH (pass the same folder you pass to `motionsync import` and the paths agree
with the inventory's `source`).

How the source is read
----------------------
A small lexer, enough for this job: it drops `//` and (nested) `/* */` comments, and takes
every string literal as one token -- "…", multi-line \"\"\"…\"\"\", raw #"…"# strings with any
number of #, and interpolations `\\(…)` inside them (their code is skipped with the string:
an animation written inside a string interpolation is not counted). Everything else becomes
identifiers (with `$x`, `` `x` `` and `#if`-style words), numbers and one-character
punctuation. Bare regex literals `/…/` are not recognised (none in the corpus). `#if`
branches are all read: a site in either branch is a site.

What a site is
--------------
A site is one place in code that starts or declares an animation: one call. Its position is
the line and the column (1-based, columns in UTF-8 bytes, as the Swift compiler and
SwiftSyntax count them) of the call's NAME token -- `withAnimation`, the `animation` of
`.animation(…)`, the `animate` of `UIView.animate(…)`, the type name of a constructor call
`CABasicAnimation(…)` -- the token a compiler diagnostic about the call points at.
Each site also carries `callee`, the column where the callee expression starts on that line
(`UIView` in `UIView.animate`, the `.` of `.animation`), so a reader that points at the start
of the callee still matches.

Forms (core = the forms issue 48 measures; every one needs its call parenthesis or trailing
closure: a type annotation `var a: CABasicAnimation?` or a property `t.animation = x` is not a
site; a declaration `func animation(…)` is not a site):

  withAnimation               `withAnimation(…) {…}` / `withAnimation {…}`, a free function
                              call (not `x.withAnimation`, not `func withAnimation`, not a
                              Bool so named tested in `if withAnimation {`).
                              `withAnimation(nil)` and `withAnimation(.none)` are left out:
                              they turn animation off.
  .animation(_:value:)        `.animation(A, value: v)`; a top-level `value:` label.
  .animation(_:)              the deprecated `.animation(A)` with no `value:` and no body.
  .animation(_:body:)         `.animation(A) { content in … }` or a `body:` label (iOS 17).
                              For the three `.animation` forms: `.animation(nil…)` and
                              `.animation(.none…)` are left out (they remove animation),
                              so is a `.animation(…)` that is a value (after `(`, `,`, `:`,
                              `=`: TimelineView's `.animation(minimumInterval:paused:)`), and so is `x.animation(forKey:)`
                              (CALayer's getter).
  Binding.animation           `$x.animation(…)` / `self.$model.flag.animation()`: a name of
                              the receiver chain is a `$` projection (not `$0`), and there
                              is no `value:` label.
  keyframeAnimator            `.keyframeAnimator(…)` and `KeyframeAnimator(…)`.
  phaseAnimator               `.phaseAnimator(…)` and `PhaseAnimator(…)`.
  UIView.animate              `UIView.animate(withDuration:…)`, `(springDuration:…)`, and
                              iOS 18's `UIView.animate(_ animation:…)`; the receiver must be
                              spelled `UIView` (an app's own `animate(withDuration:)` wrapper
                              is not a site; the `UIView.animate` inside it is).
  UIView.animateKeyframes     `UIView.animateKeyframes(…)` (its addKeyframe calls are parts).
  UIView.transition           `UIView.transition(with:…)` and `(from:to:…)`.
  UIViewPropertyAnimator      `UIViewPropertyAnimator(…)`, `.init(…)`, and
                              `UIViewPropertyAnimator.runningPropertyAnimator(…)`.
  addAnimations               `x.addAnimations(…)` / `x.addAnimations {…}` on an animator
                              NOT made in the same function (a stored property, a
                              parameter): each such call is its own site. When the same
                              function has `let x = UIViewPropertyAnimator(…)` (or
                              `x = …`) before it, the addAnimations is a part of that
                              constructor's site, as addKeyframe is of animateKeyframes.
  CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup
                              constructor calls `T(…)` / `T.init(…)`. An animation that the
                              same function puts in a group (`let a = CABasicAnimation(…)`
                              … `g.animations = [a, …]`) is a part of the group's site,
                              not a site of its own.
  CATransaction.setAnimationDuration
                              `CATransaction.setAnimationDuration(…)`, not `(0)`: a
                              zero duration animates nothing; not inside the closure of a
                              `UIView.animate…` call, whose site it is part of.

Extra forms (reported with --all and used by measure.py so that rows motionsync reads from
them are not counted as false positives; not part of the recall headline):
  withTransaction, .transaction (modifier), KeyframeTimeline, mapCameraKeyframeAnimator,
  NSAnimationContext.runAnimationGroup, UIView.animateKeyframes' addKeyframe is NOT one.

Deliberately out of scope (not sites): `.transition(…)` (view insertion transitions),
`.matchedGeometryEffect`, `.symbolEffect`, `.contentTransition`, `.navigationTransition`,
`.scrollTransition`, `Animation` values themselves (`let a = Animation.easeOut(…)`,
`static let bouncy: Animation = …`): a stored animation is not a site, its USE is
(`withAnimation(a)`, `.animation(a, value:)`); `CATransition`, `UIView.perform(…)`,
`setAnimationsEnabled`, `performWithoutAnimation`, `CADisplayLink` loops, Lottie.
"""
import json
import os
import sys

CORE_FORMS = [
    "withAnimation", ".animation(_:value:)", ".animation(_:)", ".animation(_:body:)",
    "Binding.animation", "keyframeAnimator", "phaseAnimator", "UIView.animate",
    "UIView.animateKeyframes", "UIView.transition", "UIViewPropertyAnimator", "addAnimations",
    "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
    "CATransaction.setAnimationDuration",
]
EXTRA_FORMS = ["withTransaction", ".transaction", "KeyframeTimeline",
               "mapCameraKeyframeAnimator", "NSAnimationContext.runAnimationGroup"]

IDENT_START = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$")
IDENT_CHARS = IDENT_START | set("0123456789")


class Tok:
    __slots__ = ("kind", "text", "pos")

    def __init__(self, kind, text, pos):
        self.kind, self.text, self.pos = kind, text, pos

    def __repr__(self):
        return f"{self.kind}:{self.text!r}@{self.pos}"


def _skip_block_comment(s, i):
    """s[i:i+2] == '/*'; returns the index after the matching '*/' (comments nest)."""
    depth, i, n = 0, i, len(s)
    while i < n:
        if s.startswith("/*", i):
            depth += 1
            i += 2
        elif s.startswith("*/", i):
            depth -= 1
            i += 2
            if depth == 0:
                return i
        else:
            i += 1
    return n


def _skip_string(s, i):
    """s[i] is '#' or '"' opening a string literal; returns the index after it."""
    n = len(s)
    hashes = 0
    while i < n and s[i] == "#":
        hashes += 1
        i += 1
    assert s[i] == '"'
    multi = s.startswith('"""', i)
    i += 3 if multi else 1
    close = ('"""' if multi else '"') + "#" * hashes
    esc = "\\" + "#" * hashes
    while i < n:
        if s.startswith(esc, i):
            j = i + len(esc)
            if j < n and s[j] == "(":
                i = _skip_code_until_paren(s, j + 1)
            else:
                i = j + 1
            continue
        if s.startswith(close, i):
            return i + len(close)
        if not multi and s[i] == "\n":
            return i + 1  # unterminated: stop at the line's end
        i += 1
    return n


def _skip_code_until_paren(s, i):
    """Inside an interpolation: skip code until the ')' that closes it."""
    depth, n = 1, len(s)
    while i < n:
        c = s[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c == '"' or (c == "#" and _raw_string_at(s, i)):
            i = _skip_string(s, i)
            continue
        elif s.startswith("//", i):
            while i < n and s[i] != "\n":
                i += 1
            continue
        elif s.startswith("/*", i):
            i = _skip_block_comment(s, i)
            continue
        i += 1
    return n


def _raw_string_at(s, i):
    j = i
    while j < len(s) and s[j] == "#":
        j += 1
    return j > i and j < len(s) and s[j] == '"'


def tokenize(s):
    toks, i, n = [], 0, len(s)
    while i < n:
        c = s[i]
        if c in " \t\r\n\f":
            i += 1
        elif s.startswith("//", i):
            while i < n and s[i] != "\n":
                i += 1
        elif s.startswith("/*", i):
            i = _skip_block_comment(s, i)
        elif c == '"' or (c == "#" and _raw_string_at(s, i)):
            j = _skip_string(s, i)
            toks.append(Tok("str", "", i))
            i = j
        elif c in IDENT_START or (c == "#" and i + 1 < n and s[i + 1] in IDENT_START):
            j = i + 1
            while j < n and s[j] in IDENT_CHARS:
                j += 1
            toks.append(Tok("id", s[i:j], i))
            i = j
        elif c == "`":
            j = s.find("`", i + 1)
            j = n if j < 0 else j + 1
            toks.append(Tok("id", s[i + 1:j - 1], i))
            i = j
        elif c.isdigit():
            j = i + 1
            while j < n and (s[j].isalnum() or s[j] in "._"):
                if s[j] == "." and not (j + 1 < n and s[j + 1].isdigit()):
                    break
                j += 1
            toks.append(Tok("num", s[i:j], i))
            i = j
        else:
            toks.append(Tok("p", c, i))
            i += 1
    return toks


class Source:
    def __init__(self, path, text):
        self.path, self.text = path, text
        self.line_starts = [0]
        for k, ch in enumerate(text):
            if ch == "\n":
                self.line_starts.append(k + 1)
        self.toks = tokenize(text)

    def linecol(self, pos):
        import bisect
        li = bisect.bisect_right(self.line_starts, pos) - 1
        start = self.line_starts[li]
        return li + 1, len(self.text[start:pos].encode("utf-8")) + 1


def _match_close(toks, i):
    """toks[i] is '(' (or '{' / '['); index of the matching closer."""
    opener = toks[i].text
    closer = {"(": ")", "{": "}", "[": "]"}[opener]
    depth = 0
    for k in range(i, len(toks)):
        t = toks[k]
        if t.kind != "p":
            continue
        if t.text in "([{":
            depth += 1
        elif t.text in ")]}":
            depth -= 1
            if depth == 0:
                return k
    return len(toks) - 1


def _match_open(toks, i):
    """toks[i] is ')' or ']'; index of the matching opener (0 when there is none)."""
    depth = 0
    for k in range(i, -1, -1):
        t = toks[k]
        if t.kind != "p":
            continue
        if t.text in ")]}":
            depth += 1
        elif t.text in "([{":
            depth -= 1
            if depth == 0:
                return k
    return 0


def _args(toks, lp, rp):
    """Top-level arguments between toks[lp]='(' and toks[rp]=')': list of (label, first_tok)."""
    segs, depth, start = [], 0, lp + 1
    for k in range(lp + 1, rp):
        t = toks[k]
        if t.kind != "p":
            continue
        if t.text in "([{":
            depth += 1
        elif t.text in ")]}":
            depth -= 1
        elif t.text == "," and depth == 0:
            segs.append((start, k))
            start = k + 1
    segs.append((start, rp))
    out = []
    for a, b in segs:
        if a >= b:
            continue
        label = None
        if toks[a].kind == "id" and a + 1 < b and toks[a + 1].text == ":":
            label = toks[a].text
        out.append((label, toks[a + 2] if label and a + 2 < b else toks[a]))
    return out


def _is(t, kind, text=None):
    return t is not None and t.kind == kind and (text is None or t.text == text)


def _in_group(toks, i, var, scope_at):
    """Is `var` (assigned a CA animation at toks[i]) listed in `g.animations = [ … ]` later
    in the same function?"""
    for k in range(i + 1, len(toks) - 3):
        if scope_at[k][1] != scope_at[i][1] or scope_at[k][0] != scope_at[i][0]:
            break
        t = toks[k]
        if t.kind == "id" and t.text == "animations" and toks[k - 1].text == "." \
                and toks[k + 1].text == "=" and toks[k + 2].text == "[":
            j = k + 3
            while j < len(toks) and toks[j].text != "]":
                if toks[j].kind == "id" and toks[j].text == var:
                    return True
                j += 1
    return False


def find_sites(src, include_extra=False):
    toks = src.toks
    n = len(toks)
    sites = []
    view_animations = []  # token spans of UIView.animate… calls with their closures

    def tok(k):
        return toks[k] if 0 <= k < n else None

    # enclosing type and function of every token (a brace-scope stack: a `{` after
    # `class/struct/enum/extension/actor/protocol NAME` or `func NAME`/`init`/`deinit`/
    # `var NAME` opens that scope; other braces are closures or blocks of their scope)
    scope_at = [None] * n
    calls_at = [()] * n  # names of the calls whose argument list holds each token
    calls = []
    stack, pending = [], None
    paren = 0
    for k, t in enumerate(toks):
        if t.kind == "p" and t.text == "(":
            calls.append(tok(k - 1).text if _is(tok(k - 1), "id") else None)
        elif t.kind == "p" and t.text == ")" and calls:
            calls.pop()
        calls_at[k] = tuple(calls)
        if t.kind == "id" and pending is not None and pending[0] == "var" and t.text in (
                "let", "var", "func", "private", "public", "internal", "fileprivate", "open",
                "override", "static", "class", "struct", "enum", "weak", "lazy", "init",
                "case", "return", "if", "guard", "for", "switch", "extension", "final"):
            pending = None
        if t.kind == "p" and t.text == "@" and pending is not None and pending[0] == "var":
            pending = None
        if t.kind == "id" and not _is(tok(k - 1), "p", "."):
            if t.text in ("class", "struct", "enum", "extension", "actor", "protocol") \
                    and _is(tok(k + 1), "id"):
                j, nm = k + 1, tok(k + 1).text
                while _is(tok(j + 1), "p", ".") and _is(tok(j + 2), "id"):
                    j += 2
                    nm = tok(j).text
                pending = ("type", nm, paren)
            elif t.text == "func" and _is(tok(k + 1), "id"):
                pending = ("func", tok(k + 1).text, paren)
            elif t.text in ("init", "deinit", "subscript") and not _is(tok(k - 1), "id", "self"):
                pending = ("func", t.text, paren)
            elif t.text == "var" and _is(tok(k + 1), "id") and pending is None:
                pending = ("var", tok(k + 1).text, paren)
        elif t.kind == "p":
            if t.text == "(":
                paren += 1
            elif t.text == ")":
                paren -= 1
            elif t.text == "{":
                if pending is not None and pending[2] == paren:
                    stack.append(pending[:2])
                    pending = None
                else:
                    stack.append(None)
            elif t.text == "}":
                if stack:
                    stack.pop()
                pending = None
            elif t.text == ";" or (t.text == "=" and pending and pending[0] == "var"):
                pending = None
        typ = next((e[1] for e in reversed(stack) if e and e[0] == "type"), None)
        fn = next((e[1] for e in reversed(stack) if e and e[0] in ("func", "var")), None)
        scope_at[k] = (typ, fn)

    def add(k, form, callee_k, label=None):
        line, col = src.linecol(toks[k].pos)
        cline, ccol = src.linecol(toks[callee_k].pos)
        core = form in CORE_FORMS
        if not core and not include_extra:
            return
        sites.append({"file": src.path, "line": line, "column": col, "form": form,
                      "core": core, "label": label,
                      "type": scope_at[k][0], "function": scope_at[k][1],
                      "callee": ccol if cline == line else col})

    def opens_call(k):
        """toks[k] is '(' or '{' right after a name: a call or a trailing closure."""
        t = tok(k)
        return _is(t, "p", "(") or _is(t, "p", "{")

    for i, t in enumerate(toks):
        if t.kind != "id":
            continue
        prev, nxt = tok(i - 1), tok(i + 1)
        after_dot = _is(prev, "p", ".")
        after_func = _is(prev, "id") and prev.text in ("func", "var", "let", "case")
        name = t.text

        if name in ("withAnimation", "withTransaction") and not after_dot and not after_func:
            if not opens_call(i + 1):
                continue
            if _is(prev, "id") and prev.text in ("if", "guard", "while") and _is(nxt, "p", "{"):
                continue  # `if withAnimation {`: a Bool named so, the condition before a block
            if name == "withAnimation" and _is(nxt, "p", "("):
                a = _args(toks, i + 1, _match_close(toks, i + 1))
                if a and a[0][0] is None and _is(a[0][1], "id", "nil"):
                    continue
                if a and a[0][0] is None and _is(a[0][1], "p", ".") \
                        and _is(tok(toks.index(a[0][1]) + 1), "id", "none") \
                        and _is(tok(toks.index(a[0][1]) + 2), "p") \
                        and tok(toks.index(a[0][1]) + 2).text in ",)":
                    continue  # withAnimation(.none): Optional.none, as withAnimation(nil)
            add(i, name, i)

        elif name == "animation" and after_dot and _is(nxt, "p", "("):
            rp = _match_close(toks, i + 1)
            args = _args(toks, i + 1, rp)
            labels = [a[0] for a in args]
            if "forKey" in labels:
                continue
            if args and args[0][0] is None and _is(args[0][1], "id", "nil"):
                continue
            if args and args[0][0] is None and _is(args[0][1], "p", ".") \
                    and _is(tok(toks.index(args[0][1]) + 1), "id", "none") \
                    and _is(tok(toks.index(args[0][1]) + 2), "p") \
                    and tok(toks.index(args[0][1]) + 2).text in ",)":
                continue  # .animation(.none, …): Optional.none, animation off
            if _is(tok(i - 2), "p") and tok(i - 2).text in "(,:=?[" \
                    or _is(tok(i - 2), "id", "return"):
                continue  # an implicit member `.animation(…)` as a value: TimelineView's
                #           `.animation(minimumInterval:paused:)` schedule, not a modifier
            # the receiver chain before the dot: names and calls, `a.$b.c(…).d`
            chain, k = [], i - 2
            while k >= 0:
                t2 = tok(k)
                if _is(t2, "p", ")") or _is(t2, "p", "]"):
                    k = _match_open(toks, k) - 1
                    continue
                if _is(t2, "id") and t2.text not in ("return", "try", "await", "in", "let",
                                                      "var", "case", "else", "if"):
                    chain.append(t2)
                    if _is(tok(k - 1), "p", "."):
                        k -= 2
                        continue
                break
            names = [c.text for c in chain]
            head_k = toks.index(chain[-1]) if chain else i - 1
            if "AnyTransition" in names or "combined" in names or "asymmetric" in names or any(
                    c and "transition" in c.lower() for c in calls_at[i]):
                continue  # AnyTransition.animation(_:): part of a transition, out of scope
            if any(nm in ("send", "run", "merge", "concatenate") for nm in names) \
                    and _is(tok(head_k - 1), "p", "."):
                continue  # TCA's Effect.animation(_:) (`.send(…).animation()`), not SwiftUI's
            if any(nm.startswith("$") and len(nm) > 1 and not nm[1].isdigit() for nm in names) \
                    and "value" not in labels:
                add(i, "Binding.animation", head_k, "$")
            elif "body" in labels or _is(tok(rp + 1), "p", "{"):
                add(i, ".animation(_:body:)", i - 1)
            elif "value" in labels:
                add(i, ".animation(_:value:)", i - 1)
            else:
                add(i, ".animation(_:)", i - 1)

        elif name == "transaction" and after_dot and opens_call(i + 1):
            add(i, ".transaction", i - 1)

        elif name in ("keyframeAnimator", "phaseAnimator", "mapCameraKeyframeAnimator") \
                and after_dot and _is(nxt, "p", "("):
            add(i, name, i - 1)

        elif name in ("KeyframeAnimator", "PhaseAnimator", "KeyframeTimeline") and not after_dot \
                and not after_func and opens_call(i + 1):
            form = {"KeyframeAnimator": "keyframeAnimator", "PhaseAnimator": "phaseAnimator",
                    "KeyframeTimeline": "KeyframeTimeline"}[name]
            add(i, form, i)

        elif name == "UIView" and _is(nxt, "p", ".") and _is(tok(i + 2), "id") \
                and _is(tok(i + 3), "p", "("):
            m = tok(i + 2).text
            form = {"animate": "UIView.animate", "animateKeyframes": "UIView.animateKeyframes",
                    "transition": "UIView.transition"}.get(m)
            if form:
                close = _match_close(toks, i + 3)
                args = _args(toks, i + 3, close)
                add(i + 2, form, i, args[0][0] if args else None)
                # its closures (a trailing one too): a transaction set inside is this animation's
                end = _match_close(toks, close + 1) if _is(tok(close + 1), "p", "{") else close
                view_animations.append((i, end))

        elif name == "UIViewPropertyAnimator" and not after_dot and not after_func:
            if _is(nxt, "p", "("):
                add(i, "UIViewPropertyAnimator", i)
            elif _is(nxt, "p", ".") and _is(tok(i + 2), "id") and _is(tok(i + 3), "p", "("):
                m = tok(i + 2).text
                if m == "init":
                    add(i, "UIViewPropertyAnimator", i)
                elif m == "runningPropertyAnimator":
                    add(i + 2, "UIViewPropertyAnimator", i, "runningPropertyAnimator")

        elif name == "addAnimations" and after_dot and opens_call(i + 1):
            recv = tok(i - 2)
            if _is(recv, "id") and scope_at[i][1] is not None:
                # `let a = UIViewPropertyAnimator(…)` (or `a = …`) earlier in the same
                # function: the addAnimations is part of that site, as addKeyframe is of
                # animateKeyframes
                own = False
                for k in range(i - 3, 2, -1):
                    if scope_at[k] != scope_at[i]:
                        if scope_at[k][1] != scope_at[i][1]:
                            break
                        continue
                    if _is(toks[k], "id", "UIViewPropertyAnimator") and _is(tok(k - 1), "p", "=") \
                            and _is(tok(k - 2), "id", recv.text):
                        own = True
                        break
                if own:
                    continue
            add(i, "addAnimations", i - 1)

        elif name in ("CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation",
                      "CAAnimationGroup") and not after_dot and not after_func:
            if _is(nxt, "p", "(") or (_is(nxt, "p", ".") and _is(tok(i + 2), "id", "init")
                                      and _is(tok(i + 3), "p", "(")):
                if _is(tok(i - 1), "p", "=") and _is(tok(i - 2), "id") \
                        and _in_group(toks, i, tok(i - 2).text, scope_at):
                    continue  # a child of a CAAnimationGroup made in the same function
                add(i, name, i)

        elif name == "CATransaction" and _is(nxt, "p", ".") \
                and _is(tok(i + 2), "id", "setAnimationDuration") and _is(tok(i + 3), "p", "("):
            if _is(tok(i + 4), "num") and tok(i + 4).text in ("0", "0.0") and _is(tok(i + 5), "p", ")"):
                continue  # setAnimationDuration(0): nothing animates, as withAnimation(nil)
            if any(start < i < end for start, end in view_animations):
                continue  # inside UIView.animate's closure: part of that animation's site
            add(i + 2, "CATransaction.setAnimationDuration", i)

        elif name == "NSAnimationContext" and _is(nxt, "p", ".") \
                and _is(tok(i + 2), "id", "runAnimationGroup") and opens_call(i + 3):
            add(i + 2, "NSAnimationContext.runAnimationGroup", i)

    return sites


def swift_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith(".swift"):
                        yield os.path.join(root, f)
        else:
            yield p


def scan(paths, include_extra=False):
    out = []
    for f in swift_files(paths):
        with open(f, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        out.extend(find_sites(Source(f, text), include_extra))
    out.sort(key=lambda s: (s["file"], s["line"], s["column"]))
    return out


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if not args or "--help" in argv or "-h" in argv:
        print(__doc__)
        return 0 if args or "--help" in argv else 64
    sites = scan(args, "--all" in argv)
    if "--json" in argv:
        json.dump(sites, sys.stdout, indent=1)
        print()
    else:
        for s in sites:
            extra = "" if s["core"] else " (extra)"
            print(f'{s["file"]}:{s["line"]}:{s["column"]}: {s["form"]}{extra}')
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
