"""The game's vocabulary in both languages, so every Chinese string names a thing the same way.

Each entry: the English word, the 繁體中文 word that the description of the game uses, and the words a
translator might reach for that this game does not use (a test fails if the catalogue's Chinese uses
one of them). `catalogue_key` names the catalogue entry that must say exactly this word, when there is one.
`counter` is the measure word the Chinese counts the thing with (三個板塊, never 三片 / 三塊板塊), and
`other_counters` the ones it must not use after a number. An avoided word counts only outside the
glossary's own words (守方 is avoided, 防守方 is the word). `UNBROKEN` lists the words a wrapped line keeps whole.
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One word of the game in both languages."""

    en: str
    zh: str
    avoid: tuple[str, ...] = ()
    catalogue_key: str | None = None
    counter: str | None = None
    other_counters: tuple[str, ...] = ()


GLOSSARY: tuple[Term, ...] = (
    Term("Two Rivers", "兩河流域", ("兩條河", "双河"), "game.title"),
    Term("kingdom", "王國", ("國度", "領土"), "word.kingdom"),
    Term("leader", "領袖", ("領導者", "首領", "領導人"), "word.leader"),
    # 王 alone is never the king: after the other words that hold it (王國, 王朝) are set aside, none is left.
    Term("king", "國王", ("王", "君主"), "leader.black"),
    Term("priest", "祭司", ("牧師", "神父", "僧侶"), "leader.red"),
    Term("trader", "商人", ("貿易商", "商販"), "leader.green"),
    Term("farmer", "農夫", ("農民",), "leader.blue"),
    Term("temple", "神殿", ("寺廟", "廟宇", "神廟"), "tile.red"),
    Term("farm", "農場", ("農田", "農地"), "tile.blue"),
    Term("market", "市場", ("集市",), "tile.green"),
    Term("settlement", "部落", ("聚落", "定居點", "居住地", "村落"), "tile.black"),
    Term("catastrophe", "災難", ("災害", "天災", "大災變"), "word.catastrophe"),
    Term("treasure", "寶物", ("寶藏", "財寶"), "word.treasure"),
    Term("monument", "紀念碑", ("紀念物", "遺跡", "紀念塔"), "word.monument"),
    # The seed's rules call them 內部紛爭 / 外部紛爭; the table keeps the everyday 叛亂 / 戰爭, and the
    # rules pages say 「叛亂（內部紛爭）」 and 「戰爭（外部紛爭）」 once.
    Term("revolt", "叛亂", ("內亂", "起義", "內戰"), "word.revolt"),
    Term("war", "戰爭", ("外戰", "戰鬥"), "word.war"),
    Term("internal conflict", "內部紛爭"),
    Term("external conflict", "外部紛爭"),
    Term("dynasty", "王朝", ("朝代", "皇朝"), "word.dynasty"),
    Term("urn", "水瓶", ("陶甕", "甕"), "dynasty.urn"),
    Term("archer", "弓箭", ("弓箭手", "射手"), "dynasty.archer"),
    Term("lion", "獅子", (), "dynasty.lion"),
    Term("bull", "公牛", (), "dynasty.bull"),
    Term("board", "圖板", ("版圖", "棋盤", "地圖")),
    Term("Advanced board", "進階圖板", ("高級圖板", "高級版圖", "進階版圖"), "variant.advanced_board"),
    Term("unification tile", "連接板塊", ("統一板塊",)),
    # The variant and its four pieces: palace (black), market hall (green), library (red), granary (blue).
    Term("Buildings", "建設代表物", ("文明建築", "建築物"), "variant.buildings"),
    Term("palace", "宮殿", (), "building.black"),
    Term("market hall", "市集", (), "building.green"),
    Term("library", "圖書館", (), "building.red"),
    Term("granary", "穀倉", (), "building.blue"),
    # 塔廟 on the table; the rules pages explain it once as 寶塔, the seed's word.
    Term("Ziggurat", "塔廟", ("金字塔", "神塔"), "variant.ziggurat"),
    Term("pagoda", "寶塔"),
    # One word each for the sides of a revolt or a war, and for adding support tiles to one.
    Term("attacker", "攻擊方", ("攻方", "進攻方", "攻擊者")),
    Term("defender", "防守方", ("守方", "防禦方", "防守者")),
    Term("commit", "打出", ("投入", "加碼")),
    # Points are named by their colour: 紅色分數, never by the tile (神殿分數).
    Term("colour points", "分數", ("神殿分數", "農場分數", "農田分數", "市場分數", "部落分數", "聚落分數", "勝利點")),
    # The table and the rules pages speak of a turn's actions, of tiles and of swapping with one word each.
    Term("action", "行動", ("動作",)),
    Term("tile", "板塊", ("圖塊", "方塊", "牌塊"), counter="個", other_counters=("片", "塊")),
    Term("swap", "更換", ("交換", "換牌", "換掉"), "table.swap"),
)

# Words a line of Chinese never breaks inside (game/ui/kit/theme.py hands them to the wrapper): every
# word above, and the other words the table's sentences are made of.
UNBROKEN: tuple[str, ...] = tuple(sorted(
    {term.zh for term in GLOSSARY} | {
        "防守", "進攻", "攻擊", "回合", "獲勝", "平手", "實力", "手牌", "供應區", "區域", "滑鼠", "座位", "玩家",
        "電腦", "支援", "紅色", "藍色", "綠色", "黑色", "紅色分數", "藍色分數", "綠色分數", "黑色分數", "落敗",
        "圖板上", "袋子", "結束", "復原", "下一位", "思考", "重播", "存檔", "區域網路", "主機"},
    key=lambda word: (-len(word), word)))
