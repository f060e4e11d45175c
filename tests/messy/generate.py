#!/usr/bin/env python3
"""Writes the messy-exports corpus under tests/messy/: files shaped the way real programs
export them (bank statements from five countries, ERP and CRM exports, spreadsheets with
merged cells, hidden rows, formulas and serial numbers, JSON with nested records).

The files are committed; this script is how they were made, and writes the same bytes
again (a fixed seed, fixed zip timestamps). tests/all/ingest/messy_corpus.rs reads each
file's own text (or, for .xlsx, its sheet XML) to compute the answers it expects, never this
script's values. Run: python3 tests/messy/generate.py
"""

import json
import random
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOADED = HERE / "loaded"
REFUSED = HERE / "refused"
NBSP = "\u00a0"


def write(path: Path, text: str, encoding: str = "utf-8", newline: str = "\n") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.replace("\n", newline)
    path.write_bytes(data.encode(encoding))


def de_number(value: float, grouping: str = ".") -> str:
    """1234.5 as '1.234,50' (German) or with another thousands mark."""
    whole, frac = f"{abs(value):.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return ("-" if value < 0 else "") + grouping.join(groups) + "," + frac


def en_number(value: float, grouping: str = ",") -> str:
    whole, frac = f"{abs(value):.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return ("-" if value < 0 else "") + grouping.join(groups) + "." + frac


def amount(rng: random.Random, low: float, high: float) -> float:
    return round(rng.uniform(low, high), 2)


def day_of(rng: random.Random, month: int) -> int:
    return rng.randint(1, 28)


# ---------------------------------------------------------------------------------------
# Bank statements


def nl_ing(rng: random.Random) -> None:
    """ING (Netherlands): every field quoted, YYYYMMDD dates, a sign column (Af/Bij) and
    unsigned amounts with a decimal comma."""
    lines = ['"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"']
    names = ["Albert Heijn 1403", "NS Groep", "Belastingdienst", "Werkgever BV", "Bol.com", "Gemeente Utrecht"]
    for _ in range(40):
        month = rng.randint(1, 3)
        af = rng.random() < 0.7
        value = amount(rng, 3, 400) if af else amount(rng, 500, 3500)
        lines.append(",".join(f'"{v}"' for v in [
            f"2025{month:02d}{day_of(rng, month):02d}", rng.choice(names), "NL12INGB0001234567",
            "" if rng.random() < 0.3 else f"NL{rng.randint(10, 99)}RABO0{rng.randint(100000000, 999999999)}",
            rng.choice(["BA", "OV", "IC", "GT"]), "Af" if af else "Bij", f"{value:.2f}".replace(".", ","),
            rng.choice(["Betaalautomaat", "Overschrijving", "Incasso"]), f"Pasvolgnr: {rng.randint(1, 9):03d}",
        ]))
    write(LOADED / "nl_ing_transacties.csv", "\n".join(lines) + "\n", newline="\r\n")


def fr_releve(rng: random.Random) -> None:
    """A French bank: UTF-8 with a byte-order mark, ';', day/month/year dates, negative
    debits and credits with a no-break space between thousands, a ';' ending every line."""
    lines = ["Date opération;Date valeur;Libellé;Débit;Crédit;"]
    for _ in range(30):
        month = rng.randint(1, 2)
        day = day_of(rng, month)
        debit = rng.random() < 0.75
        value = amount(rng, 5, 2500)
        text = f"{value:,.2f}".replace(",", NBSP).replace(".", ",")
        lines.append(";".join([
            f"{day:02d}/{month:02d}/2025", f"{min(day + 1, 28):02d}/{month:02d}/2025",
            rng.choice(["CARTE X1234 MONOPRIX", "PRLV SEPA EDF", "VIR SALAIRE", "CHQ 0001234", "CARTE X1234 SNCF"]),
            "-" + text if debit else "", "" if debit else text,
        ]) + ";")
    lines.append("31/01/2025;01/02/2025;CARTE X1234 FNAC;-12,90;;")
    write(LOADED / "fr_releve.csv", "\ufeff" + "\n".join(lines) + "\n", newline="\r\n")


def ch_postfinance(rng: random.Random) -> None:
    """PostFinance (Switzerland): a key/value preamble (two cells a line, so querycell.toml
    says header_row), dotted dates, amounts with a decimal dot, balances with apostrophes."""
    lines = [
        "Datum von:;01.01.2025",
        "Datum bis:;31.03.2025",
        "Konto:;CH1209000000123456789",
        "Währung:;CHF",
        "Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF;Valuta;Saldo in CHF",
    ]
    balance = 12000.0
    for _ in range(25):
        month = rng.randint(1, 3)
        day = rng.randint(13, 28) if rng.random() < 0.5 else rng.randint(1, 12)
        credit = rng.random() < 0.3
        value = amount(rng, 20, 3000)
        balance += value if credit else -value
        lines.append(";".join([
            f"{day:02d}.{month:02d}.2025",
            rng.choice(["KAUF/DIENSTLEISTUNG COOP", "GIRO POST", "ÜBERTRAG", "LASTSCHRIFT SWISSCOM"]),
            f"{value:.2f}" if credit else "", "" if credit else f"-{value:.2f}",
            f"{day:02d}.{month:02d}.2025", en_number(balance, "'"),
        ]))
    write(LOADED / "ch_postfinance.csv", "\n".join(lines) + "\n")


def uk_barclays(rng: random.Random) -> None:
    """Barclays (UK): an empty Number column, day/month/year dates, signed amounts, memos
    padded with spaces."""
    lines = ["Number,Date,Account,Amount,Subcategory,Memo"]
    for _ in range(30):
        month = rng.randint(1, 2)
        value = amount(rng, -300, -2) if rng.random() < 0.8 else amount(rng, 100, 2500)
        memo = rng.choice(["TESCO STORES 3297", "TFL TRAVEL CH", "SALARY ACME LTD", "COUNCIL TAX"])
        lines.append(",".join(["", f"{day_of(rng, month):02d}/{month:02d}/2025", "20-32-06 13152170",
                               f"{value:.2f}", rng.choice(["PAYMENT", "DIRECTDEP", "FT"]), f"{memo}     ON {rng.randint(1, 28):02d} JAN  BCC"]))
    lines.append(",25/01/2025,20-32-06 13152170,-9.99,PAYMENT,NETFLIX.COM")
    write(LOADED / "uk_barclays.csv", "\n".join(lines) + "\n")


def us_chase(rng: random.Random) -> None:
    """Chase (US): month/day/year dates, and every data line ends with a ',' that the
    header does not have."""
    lines = ["Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #"]
    balance = 5200.0
    for _ in range(30):
        month = rng.randint(1, 2)
        debit = rng.random() < 0.8
        value = amount(rng, 2, 400) if debit else amount(rng, 800, 3000)
        balance += -value if debit else value
        lines.append(",".join(["DEBIT" if debit else "CREDIT", f"{month:02d}/{day_of(rng, month):02d}/2025",
                               rng.choice(["AMAZON MKTPL", "SHELL OIL 5744", "PAYROLL ACME INC", "COMCAST"]),
                               f"{-value if debit else value:.2f}", "DEBIT_CARD" if debit else "ACH_CREDIT", f"{balance:.2f}", ""]) + ",")
    lines.append("DEBIT,01/28/2025,CHECK 1043,-250.00,CHECK_PAID,100.00,1043,")
    write(LOADED / "us_chase.csv", "\n".join(lines) + "\n")


def de_sparkasse(rng: random.Random) -> None:
    """Sparkasse (Germany), in windows-1252 (querycell.toml says encoding), every field
    quoted, dotted dates, amounts with a decimal comma."""
    header = ["Auftragskonto", "Buchungstag", "Valutadatum", "Buchungstext", "Verwendungszweck",
              "Begünstigter/Zahlungspflichtiger", "Kontonummer", "BLZ", "Betrag", "Währung", "Info"]
    lines = [";".join(f'"{h}"' for h in header)]
    people = ["Müller GmbH", "Bäckerei Schäfer", "Stadtwerke Köln", "Größner & Söhne", "Lohn Arbeitgeber AG"]
    for _ in range(30):
        month = rng.randint(1, 2)
        day = rng.randint(1, 28)
        value = amount(rng, -900, -1) if rng.random() < 0.8 else amount(rng, 100, 3000)
        lines.append(";".join(f'"{v}"' for v in [
            "DE44500105175407324931", f"{day:02d}.{month:02d}.2025", f"{day:02d}.{month:02d}.2025",
            rng.choice(["KARTENZAHLUNG", "LASTSCHRIFT", "GUTSCHRIFT", "ÜBERWEISUNG"]), "Rechnung Nr. " + str(rng.randint(1000, 9999)),
            rng.choice(people), "DE0000000000" + str(rng.randint(1000000000, 9999999999)), "50010517",
            f"{value:.2f}".replace(".", ","), "EUR", "Umsatz gebucht",
        ]))
    lines.append(";".join(f'"{v}"' for v in ["DE44500105175407324931", "31.01.2025", "31.01.2025", "ENTGELT",
                                              "Kontoführung", "Sparkasse", "", "", "-4,95", "EUR", "Umsatz gebucht"]))
    write(LOADED / "de_sparkasse.csv", "\n".join(lines) + "\n", encoding="cp1252", newline="\r\n")


def uk_hsbc_unicode(rng: random.Random) -> None:
    """A statement saved from Excel as "Unicode text": UTF-16LE with a byte-order mark,
    tab-separated, CRLF; the descriptions carry £ and non-Latin names."""
    lines = ["Date\tDescription\tAmount\tBalance"]
    balance = 3000.0
    for _ in range(20):
        month = rng.randint(1, 3)
        value = amount(rng, -250, -1) if rng.random() < 0.8 else amount(rng, 100, 1500)
        balance += value
        lines.append("\t".join([f"{rng.randint(13, 28):02d}/{month:02d}/2025",
                                rng.choice(["PRET A MANGER £ card", "Zoë's Café", "東京 Sushi Bar", "Transfer from Ωmega Ltd"]),
                                f"{value:.2f}", f"{balance:.2f}"]))
    write(LOADED / "uk_hsbc_unicode.tsv", "\ufeff" + "\n".join(lines) + "\n", encoding="utf-16-le", newline="\r\n")


def ru_sberbank(rng: random.Random) -> None:
    """Sberbank (Russia): Cyrillic headers, dotted dates, a decimal comma with no-break
    spaces between thousands."""
    lines = ["Дата операции;Дата обработки;Категория;Описание;Сумма в валюте счета;Остаток"]
    balance = 85000.0
    for _ in range(25):
        month = rng.randint(1, 2)
        day = rng.randint(1, 28)
        value = amount(rng, -20000, -50) if rng.random() < 0.8 else amount(rng, 10000, 90000)
        balance += value
        number = lambda v: f"{v:,.2f}".replace(",", NBSP).replace(".", ",")
        lines.append(";".join([f"{day:02d}.{month:02d}.2025", f"{min(day + 1, 28):02d}.{month:02d}.2025",
                               rng.choice(["Супермаркеты", "Транспорт", "Перевод", "Зарплата"]), rng.choice(["ПЯТЁРОЧКА", "МЕТРО", "Иван И."]),
                               number(value), number(balance)]))
    lines.append("31.12.2025;31.12.2025;Прочее;Комиссия;-99,00;1" + NBSP + "000,00")
    write(LOADED / "ru_sberbank.csv", "\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------
# ERP, CRM, accounting


def de_sap(rng: random.Random) -> None:
    """An SAP line-item list saved as a spreadsheet CSV: ';', document numbers with
    leading zeros, dotted dates, and amounts with a trailing minus (German banking)."""
    lines = ["Buchungskreis;Kreditor;Belegnummer;Belegart;Belegdatum;Buchungsdatum;Betrag in Hauswährung;Hauswährung;Text"]
    for i in range(30):
        month = rng.randint(1, 3)
        value = amount(rng, 10, 25000)
        credit_memo = rng.random() < 0.7
        lines.append(";".join(["1000", str(rng.choice([100017, 100023, 200144])), f"{100000123 + i * 11:010d}",
                               rng.choice(["KR", "KZ", "RE"]), f"{rng.randint(13, 28):02d}.{month:02d}.2025",
                               f"{rng.randint(1, 28):02d}.{month:02d}.2025", de_number(value) + ("-" if credit_memo else ""), "EUR",
                               rng.choice(["Wareneingang", "Zahlung", "Gutschrift"])]))
    write(LOADED / "de_sap_fbl1n.csv", "\n".join(lines) + "\n")


def salesforce(rng: random.Random) -> None:
    """A Salesforce opportunity report: every field quoted, month/day/year close dates
    without leading zeros, created dates in ISO with milliseconds and Z."""
    header = ["Opportunity Owner", "Account Name", "Opportunity Name", "Stage", "Amount", "Probability (%)", "Close Date", "Created Date", "Type"]
    lines = [",".join(f'"{h}"' for h in header)]
    for i in range(35):
        stage, probability = rng.choice([("Prospecting", 10), ("Proposal/Price Quote", 75), ("Closed Won", 100), ("Closed Lost", 0)])
        month = rng.randint(1, 6)
        lines.append(",".join(f'"{v}"' for v in [
            rng.choice(["Ana Silva", "Ben Okafor", "Chen Wei"]), rng.choice(["Acme, Inc.", "Globex", "Initech", "Umbrella Corp"]),
            f"Deal {i + 1:03d}", stage, f"{rng.randint(10, 900) * 50:.2f}", str(probability),
            f"{month}/{rng.randint(1, 28)}/2025",
            f"2024-{rng.randint(10, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.000Z",
            rng.choice(["New Business", "Existing Business"]),
        ]))
    lines.append('"Ana Silva","Acme, Inc.","Deal 900","Closed Won","1000.00","100","12/31/2025","2024-12-31T23:59:59.000Z","New Business"')
    write(LOADED / "salesforce_opportunities.csv", "\n".join(lines) + "\n", newline="\r\n")
    footer = "\n".join(lines[:6]) + '\n\n\n"Copyright (c) 2000-2025 salesforce.com, inc. All rights reserved."\n"Confidential Information - Do Not Distribute"\n"Generated By:  Ana Silva  1/31/2025 9:15 AM"\n'
    write(REFUSED / "salesforce_report_with_footer.csv", footer, newline="\r\n")


def hubspot(rng: random.Random) -> None:
    """A HubSpot contacts export: a repeated header (two 'Phone Number' columns), ISO
    date-times without seconds, an employee count that is sometimes empty."""
    lines = ["Record ID,First Name,Last Name,Email,Phone Number,Phone Number,Lifecycle Stage,Create Date,Number of Employees"]
    for i in range(30):
        first = rng.choice(["Anna", "Björn", "Chloé", "Dev", "Eun-ji"])
        employees = "" if rng.random() < 0.25 else str(rng.choice([5, 12, 50, 250, 1200]))
        lines.append(",".join([str(5100 + i * 7), first, rng.choice(["Novak", "Ståhl", "Dubois", "Patel"]), f"contact{i}@example.com",
                               f"+49 30 {rng.randint(1000000, 9999999)}", "" if rng.random() < 0.5 else f"+44 20 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}",
                               rng.choice(["lead", "customer", "opportunity"]),
                               f"2025-0{rng.randint(1, 3)}-{rng.randint(10, 28)} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}", employees]))
    write(LOADED / "hubspot_contacts.csv", "\n".join(lines) + "\n")


def erp_inventory(rng: random.Random) -> None:
    """An ERP stock list (tab-separated): item numbers with leading zeros, and dates as
    07-Jan-2026, which querycell leaves as text with a decision naming the way they are
    written."""
    lines = ["Item No.\tDescription\tQty on Hand\tUnit Cost\tLast Receipt\tLocation"]
    months = ["Jan", "Feb", "Mar"]
    for i in range(30):
        lines.append("\t".join([f"{i * 37 + 12:06d}", rng.choice(["Hex bolt M8", "Washer 8mm", "Bracket, steel", "Cable tie 200"]),
                                str(rng.randint(0, 5000)), f"{rng.uniform(0.05, 40):.2f}",
                                f"{rng.randint(1, 28):02d}-{rng.choice(months)}-2026", rng.choice(["WH1-A01", "WH1-B07", "WH2-C03"])]))
    write(LOADED / "erp_inventory.tsv", "\n".join(lines) + "\n")


def quickbooks(rng: random.Random) -> None:
    """A QuickBooks "Transaction List by Date": a title block, an unnamed first column,
    quoted amounts with thousands commas, month/day/year dates, a TOTAL row at the end."""
    lines = ["Acme Ltd", "Transaction List by Date", "January 2025", "",
             ",Date,Transaction Type,Num,Name,Memo/Description,Account,Split,Amount"]
    total = 0.0
    for _ in range(25):
        value = amount(rng, -4000, 6000)
        total += value
        lines.append(",".join(["", f"01/{rng.randint(1, 31):02d}/2025", rng.choice(["Invoice", "Bill", "Expense", "Deposit"]),
                               str(rng.randint(1000, 1999)), rng.choice(["Globex", "Initech", "Hooli"]), "",
                               rng.choice(["Sales", "Office Supplies", "Checking"]), "-Split-", f'"{en_number(value)}"']))
    lines.append(",".join(["TOTAL", "", "", "", "", "", "", "", f'"{en_number(round(total, 2))}"']))
    write(LOADED / "quickbooks_transactions.csv", "\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------
# Spreadsheets: a small .xlsx writer (inline strings, numbers, dates, formulas with or
# without a cached result, merged cells, hidden rows), so the corpus needs no library.

CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>{sheets}</Types>"""
ROOT_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"""
STYLES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>"""


def col_name(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def cell_xml(ref: str, cell) -> str:
    kind, value = cell[0], cell[1]
    if kind == "s":  # text
        return f'<c r="{ref}" t="inlineStr"><is><t>{esc(value)}</t></is></c>'
    if kind == "text_number":  # a number typed into a text-formatted cell
        return f'<c r="{ref}" s="2" t="inlineStr"><is><t>{esc(value)}</t></is></c>'
    if kind == "n":
        return f'<c r="{ref}"><v>{value}</v></c>'
    if kind == "date":  # an Excel serial day shown as a date
        return f'<c r="{ref}" s="1"><v>{value}</v></c>'
    if kind == "f":  # a formula and its cached result (None: not calculated)
        cached = cell[2]
        return f'<c r="{ref}"><f>{esc(value)}</f>' + ("" if cached is None else f"<v>{cached}</v>") + "</c>"
    raise ValueError(kind)


def sheet_xml(rows, merged=(), hidden_rows=()) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']
    for r, row in enumerate(rows, start=1):
        cells = "".join(cell_xml(f"{col_name(c)}{r}", cell) for c, cell in enumerate(row) if cell is not None)
        hidden = ' hidden="1"' if r in hidden_rows else ""
        out.append(f'<row r="{r}"{hidden}>{cells}</row>')
    out.append("</sheetData>")
    if merged:
        out.append(f'<mergeCells count="{len(merged)}">' + "".join(f'<mergeCell ref="{m}"/>' for m in merged) + "</mergeCells>")
    out.append("</worksheet>")
    return "".join(out)


def xlsx(path: Path, sheets) -> None:
    """sheets: (name, rows, merged, hidden_rows) each."""
    path.parent.mkdir(parents=True, exist_ok=True)
    parts = {
        "[Content_Types].xml": CONTENT_TYPES.format(sheets="".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            for i in range(1, len(sheets) + 1))),
        "_rels/.rels": ROOT_RELS,
        "xl/workbook.xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
        + "".join(f'<sheet name="{esc(s[0])}" sheetId="{i}" r:id="rId{i}"/>' for i, s in enumerate(sheets, start=1)) + "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(f'<Relationship Id="rId{i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{i}.xml"/>' for i in range(1, len(sheets) + 1))
        + f'<Relationship Id="rId{len(sheets) + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
        "xl/styles.xml": STYLES,
    }
    for i, (_, rows, merged, hidden) in enumerate(sheets, start=1):
        parts[f"xl/worksheets/sheet{i}.xml"] = sheet_xml(rows, merged, hidden)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))


def serial(year: int, month: int, day: int) -> int:
    """Excel's serial day (1900 system) of a date after 1900-03-01."""
    from datetime import date
    return (date(year, month, day) - date(1899, 12, 30)).days


def excel_merged(rng: random.Random) -> None:
    """A regional report: a title merged across the table, and each region's name merged
    down its teams' rows, so only the region's first row holds it."""
    rows = [[("s", "Regional sales 2025"), None, None, None], [("s", "Region"), ("s", "Team"), ("s", "Month"), ("s", "Units")]]
    merged = ["A1:D1"]
    for region in ["Nord", "Süd", "West"]:
        count = rng.randint(2, 4)
        first = len(rows) + 1
        for k in range(count):
            rows.append([("s", region) if k == 0 else None, ("s", f"{region[0]}-{k + 1}"), ("s", rng.choice(["Jan", "Feb"])), ("n", rng.randint(10, 500))])
        merged.append(f"A{first}:A{first + count - 1}")
    xlsx(LOADED / "excel_merged_regions.xlsx", [("Sales", rows, merged, ())])


def excel_hidden(rng: random.Random) -> None:
    """An order list with rows hidden (filtered out in Excel): hidden rows are still data
    in the file, and Excel's own SUM counts them."""
    rows = [[("s", "Order"), ("s", "Customer"), ("s", "Date"), ("s", "Quantity"), ("s", "Price")]]
    for i in range(14):
        rows.append([("s", f"SO-{1000 + i}"), ("s", rng.choice(["Globex", "Initech", "Hooli"])), ("date", serial(2025, rng.randint(1, 3), rng.randint(1, 28))),
                     ("n", rng.randint(1, 40)), ("n", round(rng.uniform(1, 90), 2))])
    xlsx(LOADED / "excel_hidden_rows.xlsx", [("Orders", rows, (), (4, 9, 10))])


def excel_formulas(rng: random.Random) -> None:
    """An invoice with formulas and the results Excel saved with them, and a SUM row."""
    rows = [[("s", "Item"), ("s", "Qty"), ("s", "Unit price"), ("s", "Line total")]]
    total = 0.0
    for i in range(2, 14):
        qty, price = rng.randint(1, 20), round(rng.uniform(0.5, 120), 2)
        line = round(qty * price, 2)
        total += line
        rows.append([("s", rng.choice(["Widget", "Gadget", "Sprocket"]) + f" {i}"), ("n", qty), ("n", price), ("f", f"B{i}*C{i}", line)])
    rows.append([("s", "Total"), ("f", "SUM(B2:B13)", sum(r[1][1] for r in rows[1:])), None, ("f", "SUM(D2:D13)", round(total, 2))])
    xlsx(LOADED / "excel_formulas_cached.xlsx", [("Invoice", rows, (), ())])
    # The same invoice written by a program that does not calculate: no results saved.
    uncached = [[c if c is None or c[0] != "f" else ("f", c[1], None) for c in row] for row in rows]
    xlsx(REFUSED / "excel_formulas_uncalculated.xlsx", [("Invoice", uncached, (), ())])


def excel_serials(rng: random.Random) -> None:
    """Invoice dates as real date cells, except a few pasted into text-formatted cells as
    their serial numbers; and a 'Booked' column of serials in General format, which Excel
    shows as the numbers they are."""
    rows = [[("s", "Invoice"), ("s", "Invoice date"), ("s", "Booked"), ("s", "Amount")]]
    for i in range(20):
        d = serial(2025, rng.randint(1, 2), rng.randint(1, 28))
        date_cell = ("text_number", str(d)) if i in (3, 11, 17) else ("date", d)
        rows.append([("s", f"INV-{2000 + i}"), date_cell, ("n", d + rng.randint(0, 5)), ("n", round(rng.uniform(10, 900), 2))])
    xlsx(LOADED / "excel_serials_in_text.xlsx", [("Invoices", rows, (), ())])


# ---------------------------------------------------------------------------------------
# JSON


def json_nested(rng: random.Random) -> None:
    """Orders with a nested customer object and a nested array of line records."""
    orders = []
    for i in range(12):
        lines = [{"sku": rng.choice(["A-1", "B-2", "C-3"]), "qty": rng.randint(1, 9), "price": rng.randint(1, 50)} for _ in range(rng.randint(1, 4))]
        orders.append({"order_id": 7000 + i, "customer": {"id": rng.randint(1, 5), "name": rng.choice(["Ann", "Bo", "Cy"])},
                       "lines": lines, "total": sum(l["qty"] * l["price"] for l in lines)})
    write(LOADED / "json_orders_nested.json", json.dumps(orders, indent=2, ensure_ascii=False) + "\n")


def json_envelope(rng: random.Random) -> None:
    """An API page: one object whose 'results' array holds the records."""
    results = [{"id": 300 + i, "status": rng.choice(["open", "closed"]), "score": rng.randint(1, 100)} for i in range(9)]
    page = {"page": 1, "count": len(results), "next": None, "results": results}
    write(LOADED / "json_api_page.json", json.dumps(page, indent=2) + "\n")


def main() -> None:
    rng = random.Random(20251202)
    for make in [nl_ing, fr_releve, ch_postfinance, uk_barclays, us_chase, de_sparkasse, uk_hsbc_unicode, ru_sberbank,
                 de_sap, salesforce, hubspot, erp_inventory, quickbooks, excel_merged, excel_hidden, excel_formulas,
                 excel_serials, json_nested, json_envelope]:
        make(rng)
    write(LOADED / "querycell.toml", "# Settings the corpus's files need, as an operator would write them.\n\n"
          "[tables.de_sparkasse]\nencoding = \"windows-1252\"\n\n"
          "[tables.ch_postfinance]\nheader_row = 5\n")


if __name__ == "__main__":
    main()
