package dev.infergate.workload;

import java.util.List;

/**
 * The built-in words synthetic prompts are made of: common lower-case English words that are one token,
 * with a leading space, under cl100k_base and o200k_base (and most BPE vocabularies). {@link PromptFactory}
 * keeps only those that are one token under the tokenizer in use, so the list may grow without harm.
 */
final class Vocabulary {
    private Vocabulary() {}

    static final List<String> WORDS = List.of("""
            the of and to in is was for that with as on by at from his her they this which or had are not
            but be have were one all their has been more there would who can so when she other into
            them time only some could new these two may first then do any like my now over such our man me
            even most made after also did many before must through back years where much your way well down
            should because each just those people how too little state good very make world still own see
            men work long get here between both life being under never day same another know while last
            might us great old year off come since against go came right used take three place around however
            home small found thought went say part once general high upon school every does got united left
            number course war until always away something fact though water less public put think almost
            hand enough far took head yet government system better set told nothing night end why called
            find going look asked later point knew city next program business give group toward young days
            let room president side social given present several order national possible rather second face
            per among form important often things looked early white case john become large big need four
            within felt children along saw best church ever least power development light thing seemed
            family interest want members mind country area others done turned although open god service
            certain kind problem began different door thus help sense means whole matter perhaps itself york
            times law human line above name example action company hands local show whether five history gave
            today either act feet across taken past quite anything seen having death experience body word half
            really week free car field already information tell together college shall money period held keep
            sure real probably seems behind cannot miss political air question making office brought whose
            special heard major problems ago became federal moment study available known result street
            economic boy position reason change south board individual job areas society west close turn love
            community true court force full seem market age policy include story model voice table cost
            short book river plan music price chance earth simple tree garden morning village letter paper
            window summer winter spring autumn color green blue black red friend mother father brother
            sister child teacher student doctor horse bird fish animal food bread milk coffee tea apple stone
            road bridge island mountain forest ocean cloud rain snow wind fire energy travel journey ship train
            station house building sound picture chair bed clock minute hour evening language
            """.trim().split("\\s+"));
}
