#!/usr/bin/env python3
"""Writes data/kazaross-xg2.met from GNU Backgammon's copy of the Kazaross-XG2 match
equity table (Debian package gnubg: /usr/share/gnubg/met/Kazaross-XG2.xml).

The table's figures are published data (copyright Neil Kazaross, distributed freely
with its notice kept); this script only changes their layout.
Usage: python3 tools/met_from_gnubg.py [XML] [OUT]
"""
import re
import sys
import xml.etree.ElementTree as ElementTree

source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/gnubg/met/Kazaross-XG2.xml"
target = sys.argv[2] if len(sys.argv) > 2 else "data/kazaross-xg2.met"

text = open(source, encoding="utf-8").read()
notice = re.search(r"<!--(.*?)-->", text, re.S).group(1).strip()
root = ElementTree.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", text))
pre = [[me.text.strip() for me in row.findall("me")] for row in root.find("pre-crawford-table").findall("row")]
post = [me.text.strip() for me in root.find("post-crawford-table").find("row").findall("me")]
length = int(root.find("info").find("length").text)
assert len(pre) == length and all(len(row) == length for row in pre) and len(post) == length

with open(target, "w", encoding="utf-8") as out:
    out.write("# Kazaross-XG2 match equity table, as distributed with GNU Backgammon.\n")
    for line in notice.splitlines():
        out.write(("# " + line.strip()).rstrip() + "\n")
    out.write("#\n# pre: row i, column j = the chance that a player i+1 away beats one j+1 away\n")
    out.write("# post: column j = the chance that a player j+1 away beats one 1 away after the Crawford game\n")
    for row in pre:
        out.write("pre " + " ".join(row) + "\n")
    out.write("post " + " ".join(post) + "\n")
print("wrote", target)
