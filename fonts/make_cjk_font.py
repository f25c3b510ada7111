"""Cut the bundled CJK font down to the glyphs Two Rivers shows, from the full Noto Sans CJK TC Bold.

Run from the repository root after the catalogue changes (the glyph test says when):

    apt-get install fonts-noto-cjk && pip install fonttools
    python fonts/make_cjk_font.py [path/to/NotoSansCJK-Bold.ttc or NotoSansCJKtc-Bold.otf]

The subset holds every character of every catalogue message in both languages, printable ASCII and
Latin-1, the punctuation Chinese text uses (EXTRA), and the characters of Chinese personal names
(NAMES: a player types a name, "陳怡君", and sees it drawn), so any mix of them draws in one face. A thin
space (U+2009, which the catalogue puts where a Latin name meets Chinese) is drawn as the face's own
space (0.23 em): Noto Sans CJK maps no glyph to it. The
result, `NotoSansCJKtc-Bold-subset.otf`, is committed with its licence (OFL.txt) so that the game
never needs this script or fontTools. Standard library plus fontTools.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the repository root, for game.i18n

from game.i18n import catalogue  # noqa: E402  (needs the root on the path)

OUTPUT = HERE / "NotoSansCJKtc-Bold-subset.otf"
SOURCES = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),  # Debian/Ubuntu fonts-noto-cjk
    Path("/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc"),  # Fedora, Arch
)
FAMILY = "Noto Sans CJK TC"
# Characters the catalogue may not hold yet but any Chinese line (or a typed name) will want.
EXTRA = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xA0, 0x100))
    + "…·—–‘’“”•×÷←→↑↓"
    + "、。，：；！？「」『』（）《》〈〉【】～　"
    + "".join(chr(c) for c in range(0xFF01, 0xFF5F))  # fullwidth forms
    + "零一二三四五六七八九十百千萬第個位張次回合輪分"
)
# The characters of Chinese personal names in Taiwan, for the names players type at the table and over the
# LAN (game/ui/lan): a hand-made list, not a measured frequency table.
NAMES = (
    # Surnames: the hundred-odd most common in Taiwan (陳 林 黃 張 李 王 吳 劉 蔡 楊 lead), variant forms
    # people write (黄 温 凃), and the two-character ones (歐陽 司馬 諸葛 上官 張簡 范姜).
    "陳林黃張李王吳劉蔡楊許鄭謝洪郭邱曾廖賴徐周葉蘇莊呂江何蕭羅高潘簡朱鍾游彭詹胡施沈余盧梁趙顏柯翁魏孫"
    "戴范方宋鄧杜傅侯曹薛丁卓阮馬董温唐藍石蔣古紀姚連馮歐程湯黄田康姜白汪鄒尤巫鐘黎涂龔嚴韓袁金童陸夏柳"
    "凃邵錢伍倪溫于譚駱熊任甘秦顧毛章史官萬俞雷粘饒閻武孔蒲葛麥段崔賀陽司諸上辜卜喻池車利龍包易岳"
    "倪祝鄞鄔花郝戚左胥尹莫郁紀褚柴房查滕聶樊管鄺冉殷"
    # Given names: the characters Taiwanese given names are most often made of, men's and women's.
    "家宏志明俊偉建文豪傑冠宇嘉凱翔哲瑋承育宗信柏維廷彥恩睿子晨祐宥翰霖佑品安昀妤婷怡君雅淑惠美玲芳慧"
    "珍華萍秀麗娟玉琪欣佳如筠涵萱瑜蓁庭芸穎晴潔琳瑄菁馨慈儀靜雯思宜貞純敏真蓉鈺珊姿詩琬璇彤羽歆甯湘翊"
    "伶倩雪蕙菱蘭梅鳳英月春秋霞燕紅琴瑩瑤瑾璟玟琦瑞祥福壽榮昌盛興隆德仁義禮智勇強剛毅誠忠孝賢良善光"
    "輝耀峰山海川河森松竹青雲天龍虎鵬飛鴻勝利平和正中國民生成立仲健康永長新銀水火土木泉源清博學達遠"
    "浩然澤鈞銘鑫政治煌鋒瀚軒均威杰凡洋奕辰聖弘元昇暐緯勳璋豐慶財富順旺發進展崇堯舜禹振鎮泰彬斌耿浚"
    "濬閔晉晟昱煒皓憲衡霆楷樺棋琨瑀璿銓錦紹紘綸益群榆楨禎祺禧媛嬿婕婉嫻妍姍娜妮媚嬌蓓蕾薇蓮荷菊茹芝"
    "莉莎茵苓萃葳蔚藝芊苡若茜荃淳潤澄渝沛泓汶沅洵淇湄溱漪瀅瀞心意恬悅愛憶懷恆悠容寧宛宸寬寶實岑崴嵐"
    "彩影律徽忻念悌惟慕懿書曉曜朗望本杏東柔柚格桂梓棠楓榕樂檸櫻歡毓沁泳炫烽熙燁爵玄玫珮珈珣琇琮瑛瑟"
    "璐璦環甄盈知碩祈祖禾秉穗穆筑箴紋紫絜綺綾綿縈耕聰臻舒航芮芷苑茗莞菲萌葦蔓薰蘋虹融裕詠誼諭謙豫貴"
    "賓赫超軍輔迪逸道遙采錚鎧鑑閎雍雙霓露靈韋韻頌顥風馳驊鳴麒麟黛鼎齊一二三大小少士夫世丞主乃之以今"
    "令仕代伯似伸佩侑修倫偲傳儒兆先克全其典冬凌劭勁勤千卉南卿友叡右吉同名吟呈唯啟喬圓地坤培基堂壹奇"
    "好妙姝娥婧嫣孟季守定宣宮宿密寒察寰將尚展崑州帆希年幸序廣延弦得御復必恭悟情愷成戎才抒捷揚教整斐"
    "旭昊易星昭時晏暄曦有朋朝果栩根桐棟楚樹橙次欽氣汝沐法波洲活流淵添湧溢滿漢澔濤灝炎烈燦爾牧特現球"
    "理琛璞甫甲男界相眉督矩神科稼章端笙筱箏節篤米素紳經綱緣繁羲習翠能臣致芬茂蒼蓬蔭薪蘊行衍裴西見觀"
    "言訓語謹譽谷贊起越路農迎通逢邦郎鄉配重鈴鋼錫開閒雄集雨靖非音頤駿鶴齡"
    # Older and everyday Taiwanese names (阿, 仔, and the flowers and virtues of grandmothers' names).
    "阿仔枝罔市招桃梨柑蕊碧霜雀鶯綢緞絹鑾嬋娘姬珠寶鈴絲菀蟬滿足好"
)


def characters() -> str:
    """Return every character the bundled font must draw, sorted."""
    chars = set(EXTRA) | set(NAMES)
    for table in catalogue.TABLES.values():
        for message in table.values():
            for text in catalogue.forms(message):
                chars.update(text)
    return "".join(sorted(c for c in chars if c.isprintable() or c == "\u3000"))


def load_face(path: Path):  # type: ignore[no-untyped-def]
    """Return the Traditional Chinese face of a Noto Sans CJK file (a .ttc holds several)."""
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for face in TTCollection(str(path)).fonts:
            if face["name"].getDebugName(1) == FAMILY:
                return face
        raise SystemExit(f"{path} has no {FAMILY} face")
    return TTFont(str(path))


# Spaces the catalogue and the wrapper use that Noto Sans CJK has no glyph for: drawn as its own space.
SPACES = (0x2009, 0x202F)  # thin space (Latin meets Chinese), narrow no-break space


def add_spaces(font) -> None:  # type: ignore[no-untyped-def]
    """Map SPACES to the face's space glyph in every Unicode cmap, so they never show as a box."""
    for table in font["cmap"].tables:
        if table.isUnicode() and 0x20 in table.cmap:
            for code in SPACES:
                table.cmap.setdefault(code, table.cmap[0x20])


def main(argv: list[str]) -> int:
    from fontTools import subset

    source = Path(argv[0]) if argv else next((p for p in SOURCES if p.exists()), None)
    if source is None or not source.exists():
        print("Noto Sans CJK Bold not found: install fonts-noto-cjk or name the file.", file=sys.stderr)
        return 2
    font = load_face(source)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "vert", "halt", "palt", "locl"]
    options.name_IDs = ["*"]  # keep the copyright and licence names
    options.notdef_outline = True  # a missing glyph shows as a box, never as nothing
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters())
    subsetter.subset(font)
    add_spaces(font)
    font.save(str(OUTPUT))
    print(f"{OUTPUT.name}: {len(characters())} characters, {OUTPUT.stat().st_size // 1024} KB from {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
